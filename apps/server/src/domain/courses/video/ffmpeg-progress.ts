// Exports createProgressReader and throttleProgress: ffmpeg's progress, read and saved sparingly.
/**
 * Reads ffmpeg's `-progress` output (blocks of `key=value` lines, each ending with
 * `progress=continue` or `progress=end`) and reports the percent done of a video `durationSeconds`
 * long. The percent stops at 99 until the end block: the playlists are written after the last frame.
 */
export function createProgressReader(durationSeconds: number, onPercent: (percent: number) => void): (chunk: string) => void {
  let pending = '';
  let outTimeUs = 0;
  return (chunk) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const [key, value] = line.trim().split('=', 2) as [string, string | undefined];
      if (key === 'out_time_us' && value !== undefined && /^\d+$/.test(value)) outTimeUs = Number(value);
      if (key !== 'progress') continue;
      if (value === 'end') onPercent(100);
      else if (durationSeconds > 0) onPercent(Math.min(99, Math.floor((outTimeUs / 1e6 / durationSeconds) * 100)));
    }
  };
}

/** Calls `save` at most once per `intervalMs` (by `now`), and always for 100, so the row is not written per frame. */
export function throttleProgress(save: (percent: number) => void, options: { intervalMs: number; now: () => Date }): (percent: number) => void {
  let lastAt = Number.NEGATIVE_INFINITY;
  let last = -1;
  return (percent) => {
    const at = options.now().getTime();
    if (percent === last || (percent < 100 && at - lastAt < options.intervalMs)) return;
    lastAt = at;
    last = percent;
    save(percent);
  };
}
