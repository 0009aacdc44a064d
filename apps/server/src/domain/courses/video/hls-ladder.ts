// Exports hlsLadder and hlsArguments: which renditions a video gets and the ffmpeg command that makes them.

export interface LadderStep {
  name: string;
  height: number;
  /** Video bits per second (the audio's 128k comes on top). */
  videoBitrate: number;
}

const STEPS: LadderStep[] = [
  { name: '360p', height: 360, videoBitrate: 800_000 },
  { name: '720p', height: 720, videoBitrate: 2_800_000 },
  { name: '1080p', height: 1080, videoBitrate: 5_000_000 },
];

export const AUDIO_BITRATE = 128_000;
/** Segment length: short enough to start fast and switch often, long enough to keep request counts low. */
export const SEGMENT_SECONDS = 4;

/**
 * 360p and 720p for every video; 1080p when the source is at least 1080 pixels tall. A source
 * shorter than a step is not blown up to it: it keeps its own height there (a 480p upload gives
 * 360p and 480p), so no rendition costs bandwidth without adding detail.
 */
export function hlsLadder(sourceHeight: number): LadderStep[] {
  const steps = STEPS.filter((step) => step.name !== '1080p' || sourceHeight >= step.height);
  const ladder: LadderStep[] = [];
  for (const step of steps) {
    const height = Math.min(step.height, evenHeight(sourceHeight));
    if (ladder.some((kept) => kept.height === height)) continue;
    ladder.push(height === step.height ? step : { ...step, name: `${height}p`, height });
  }
  return ladder;
}

function evenHeight(height: number): number {
  return Math.max(2, height - (height % 2));
}

/**
 * One ffmpeg run for every rendition (the source is decoded once): H.264 + AAC in MPEG-TS segments,
 * keyframes every SEGMENT_SECONDS so segments of every rendition line up, a VOD playlist per
 * rendition in `<name>/index.m3u8`, and `master.m3u8`. Progress goes to stdout (`-progress pipe:1`).
 */
export function hlsArguments(options: { input: string; outputDir: string; ladder: LadderStep[]; hasAudio: boolean }): string[] {
  const { ladder, hasAudio } = options;
  const split = `[0:v]split=${ladder.length}${ladder.map((_, index) => `[s${index}]`).join('')}`;
  const scales = ladder.map((step, index) => `[s${index}]scale=-2:${step.height}[v${index}]`);
  const perRendition = ladder.flatMap((step, index) => [
    '-map', `[v${index}]`,
    ...(hasAudio ? ['-map', '0:a:0'] : []),
    `-b:v:${index}`, String(step.videoBitrate),
    `-maxrate:v:${index}`, String(Math.round(step.videoBitrate * 1.07)),
    `-bufsize:v:${index}`, String(Math.round(step.videoBitrate * 1.5)),
  ]);
  const streamMap = ladder.map((step, index) => `v:${index}${hasAudio ? `,a:${index}` : ''},name:${step.name}`).join(' ');
  return [
    '-hide_banner', '-nostdin', '-y', '-loglevel', 'error',
    '-i', options.input,
    '-filter_complex', [split, ...scales].join(';'),
    ...perRendition,
    '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p',
    '-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`, '-sc_threshold', '0',
    ...(hasAudio ? ['-c:a', 'aac', '-b:a', String(AUDIO_BITRATE), '-ac', '2'] : []),
    '-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments',
    '-hls_segment_filename', `${options.outputDir}/%v/seg_%04d.ts`,
    '-master_pl_name', 'master.m3u8',
    '-var_stream_map', streamMap,
    '-progress', 'pipe:1', '-nostats',
    `${options.outputDir}/%v/index.m3u8`,
  ];
}

/** A still from a tenth of the way in (at most 5 s: past a black first frame), at most 720 pixels tall. */
export function posterArguments(options: { input: string; output: string; durationSeconds: number; sourceHeight: number }): string[] {
  const at = Math.min(5, options.durationSeconds / 10).toFixed(3);
  const height = Math.min(720, evenHeight(options.sourceHeight));
  return ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-ss', at, '-i', options.input, '-frames:v', '1', '-vf', `scale=-2:${height}`, '-q:v', '3', options.output];
}
