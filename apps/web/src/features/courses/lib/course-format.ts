const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** "Opens Jan 5, 2027, 9:00 AM". */
export const opensAtText = (iso: string | null) => (iso ? `Opens ${DATE.format(new Date(iso))}` : 'Not open yet');
export const dayText = (iso: string) => DAY.format(new Date(iso));

/** 75 → "1:15", 3725 → "1:02:05". */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export const progressText = (progress: { completed: number; total: number; percent: number }) =>
  `${progress.completed} of ${progress.total} ${progress.total === 1 ? 'lesson' : 'lessons'} done · ${progress.percent}%`;
