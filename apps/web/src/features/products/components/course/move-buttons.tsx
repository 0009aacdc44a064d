/** "Move up" and "Move down" for keyboard and switch users, beside the drag handle. */
export function MoveButtons({ name, first, last, onMove }: { name: string; first: boolean; last: boolean; onMove: (delta: -1 | 1) => void }) {
  const button =
    'inline-flex size-10 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-30';
  return (
    <>
      <button type="button" className={button} disabled={first} onClick={() => onMove(-1)} aria-label={`Move ${name} up`} title="Move up">
        <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-4" aria-hidden="true">
          <path d="M10 15V5M5 10l5-5 5 5" />
        </svg>
      </button>
      <button type="button" className={button} disabled={last} onClick={() => onMove(1)} aria-label={`Move ${name} down`} title="Move down">
        <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-4" aria-hidden="true">
          <path d="M10 5v10M5 10l5 5 5-5" />
        </svg>
      </button>
    </>
  );
}
