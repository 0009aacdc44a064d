/** "Mar 4, 2026" in the viewer's time zone. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(date);
}

const counts = new Intl.NumberFormat('en-US');

export const formatCount = (value: number) => counts.format(value);

export const plural = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;
