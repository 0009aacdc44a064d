import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { VideoRendition } from '#src/db/schema/index.ts';
import { createProgressReader } from './ffmpeg-progress.ts';
import { hlsArguments, hlsLadder, posterArguments } from './hls-ladder.ts';
import type { ProbedVideo } from './probe-video.ts';
import { runVideoTool, VideoToolFailedError, type VideoTools } from './video-tools.ts';

export const POSTER_NAME = 'poster.jpg';
export const MASTER_NAME = 'master.m3u8';

export interface TranscodeToHlsOptions {
  tools: Pick<VideoTools, 'ffmpegPath'>;
  input: string;
  /** An empty local folder: gets poster.jpg, master.m3u8 and a folder per rendition. */
  outputDir: string;
  probe: Pick<ProbedVideo, 'durationSeconds' | 'height' | 'hasAudio'>;
  onPercent?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Makes a poster frame and the HLS renditions of a local video file with ffmpeg, and answers the
 * renditions as the master playlist lists them (name, size, bandwidth, playlist path).
 */
export async function transcodeToHls(options: TranscodeToHlsOptions): Promise<VideoRendition[]> {
  const { tools, input, outputDir, probe, signal } = options;
  const sourceHeight = probe.height ?? 360;
  await runVideoTool(tools.ffmpegPath, posterArguments({ input, output: join(outputDir, POSTER_NAME), durationSeconds: probe.durationSeconds, sourceHeight }), { signal });
  const ladder = hlsLadder(sourceHeight);
  const onStdout = createProgressReader(probe.durationSeconds, (percent) => options.onPercent?.(percent));
  await runVideoTool(tools.ffmpegPath, hlsArguments({ input, outputDir, ladder, hasAudio: probe.hasAudio }), { signal, onStdout });
  return readRenditions(await readFile(join(outputDir, MASTER_NAME), 'utf8'));
}

/** The variant streams of a master playlist, in its order. */
export function readRenditions(master: string): VideoRendition[] {
  const lines = master.split('\n').map((line) => line.trim());
  const renditions: VideoRendition[] = [];
  lines.forEach((line, index) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const playlist = lines.slice(index + 1).find((next) => next.length > 0 && !next.startsWith('#'));
    const bandwidth = /(?:^|,)BANDWIDTH=(\d+)/.exec(line.slice(18));
    const resolution = /RESOLUTION=(\d+)x(\d+)/.exec(line);
    if (!playlist || !bandwidth || !resolution) return;
    renditions.push({ name: playlist.split('/')[0]!, width: Number(resolution[1]), height: Number(resolution[2]), bandwidth: Number(bandwidth[1]), playlist });
  });
  if (renditions.length === 0) throw new VideoToolFailedError('ffmpeg wrote a master playlist without renditions');
  return renditions;
}
