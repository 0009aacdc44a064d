import { runVideoTool, VideoToolFailedError, type VideoTools } from './video-tools.ts';

export interface ProbedVideo {
  durationSeconds: number;
  sizeBytes: number;
  hasVideo: boolean;
  hasAudio: boolean;
  width: number | null;
  height: number | null;
}

interface FfprobeOutput {
  format?: { duration?: string; size?: string };
  streams?: { codec_type?: string; width?: number; height?: number; disposition?: { attached_pic?: number } }[];
}

/**
 * What ffprobe says of a local file. A cover picture inside an audio file is not a video stream.
 * Throws VideoToolMissingError without ffprobe, VideoToolFailedError for a file it cannot read.
 */
export async function probeVideo(tools: Pick<VideoTools, 'ffprobePath'>, path: string): Promise<ProbedVideo> {
  const output = await runVideoTool(tools.ffprobePath, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path]);
  let parsed: FfprobeOutput;
  try {
    parsed = JSON.parse(output) as FfprobeOutput;
  } catch {
    throw new VideoToolFailedError('ffprobe gave no readable answer');
  }
  const streams = parsed.streams ?? [];
  const video = streams.find((stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1);
  const duration = Number(parsed.format?.duration);
  return {
    durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : 0,
    sizeBytes: Number(parsed.format?.size ?? 0) || 0,
    hasVideo: video !== undefined,
    hasAudio: streams.some((stream) => stream.codec_type === 'audio'),
    width: video?.width ?? null,
    height: video?.height ?? null,
  };
}
