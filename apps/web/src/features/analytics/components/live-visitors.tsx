import { useLiveVisitors } from '../api/analytics-api.ts';
import { formatCount } from '../lib/format.ts';

/** Visitors in the last few minutes; the count is a polite live region, asked again every 30 s. */
export function LiveVisitors({ storeId }: { storeId: string }) {
  const live = useLiveVisitors(storeId);
  const text = live.data
    ? `${formatCount(live.data.visitors)} ${live.data.visitors === 1 ? 'visitor' : 'visitors'} in the last ${live.data.windowMinutes} minutes`
    : live.isError
      ? 'The live count is not available right now'
      : 'Counting live visitors…';
  return (
    <div className="inline-flex min-h-10 items-center gap-2 rounded-full bg-white px-4 py-2 text-sm shadow-sm ring-1 ring-slate-200">
      <span aria-hidden="true" className="relative flex size-2.5">
        {live.data && live.data.visitors > 0 ? <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-75 motion-reduce:animate-none" /> : null}
        <span className={`relative inline-flex size-2.5 rounded-full ${live.data && live.data.visitors > 0 ? 'bg-emerald-500' : 'bg-slate-400'}`} />
      </span>
      <span className="font-semibold text-slate-900">Live</span>
      <span data-testid="live-visitors" aria-live="polite" aria-atomic="true" className="text-slate-700">
        {text}
      </span>
    </div>
  );
}
