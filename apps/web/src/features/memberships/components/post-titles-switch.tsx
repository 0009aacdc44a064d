import { useState } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useSetPostTitlesShown } from '../api/membership-posts-api.ts';

/** The creator's switch: whether visitors see the titles of published posts (locked) on the membership's page. */
export function PostTitlesSwitch({ storeId, productId, shown }: { storeId: string; productId: string; shown: boolean }) {
  const set = useSetPostTitlesShown(storeId, productId);
  // The value asked for, shown from the click until the saved one is back (set in the event, so the
  // switch never shows the old value in between); on an error the saved value and the alert return.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const change = (next: boolean) => {
    setWanted(next);
    set.mutate(next, { onSettled: () => setWanted(null) });
  };
  return (
    <div className="space-y-2">
      <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg bg-white px-3 text-sm text-slate-800 ring-1 ring-slate-200">
        <input type="checkbox" role="switch" className="size-4" checked={wanted ?? shown} disabled={set.isPending} onChange={(event) => change(event.target.checked)} />
        Show the titles of posts on your store page (locked to visitors)
      </label>
      {set.isError ? <Alert>{errorMessage(set.error)}</Alert> : null}
    </div>
  );
}
