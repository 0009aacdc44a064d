import { useId } from 'react';
import { cn } from '#src/components/ui/cn.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { useEmailPreferences, useUpdateEmailPreferences } from '../api/email-preferences-api.ts';

/**
 * "Email preferences": the customer turns the store's marketing email on or off. Turning it on
 * here is the one way back after an unsubscribe; turning it off stops every future campaign.
 */
export function EmailPreferences({ storeId, storeName }: { storeId: string; storeName: string }) {
  const id = useId();
  const preferences = useEmailPreferences(storeId);
  const update = useUpdateEmailPreferences(storeId);
  const checked = preferences.data?.marketingConsent ?? false;

  return (
    <section aria-labelledby={`${id}-title`} className="sf-members-item rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-5">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        Email preferences
      </h2>
      <div className="mt-2 flex items-center justify-between gap-4">
        <div>
          <p id={`${id}-label`} className="text-sm font-medium text-slate-800">
            News and offers from {storeName}
          </p>
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            Receipts and download links always arrive; this is only about marketing email.
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={checked}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          aria-busy={update.isPending}
          disabled={!preferences.data || update.isPending}
          onClick={() => update.mutate(!checked)}
          className="inline-flex min-h-11 shrink-0 items-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50"
        >
          {/* The track is 28 px; the button around it is a 44 px tap target. The word says the state
              whatever colours the store's theme gives the track. */}
          <span aria-hidden="true" className="mr-2 w-7 text-right text-sm font-semibold text-slate-700">
            {checked ? 'On' : 'Off'}
          </span>
          <span aria-hidden="true" className={cn('inline-flex h-7 w-12 items-center rounded-full transition-colors', checked ? 'bg-brand-600' : 'bg-slate-300')}>
            <span className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-6' : 'translate-x-1')} />
          </span>
        </button>
      </div>
      <p role="status" className="mt-2 text-sm text-slate-600">
        {preferences.isPending ? 'Loading your choice…' : update.isSuccess ? (checked ? 'Saved: you will get marketing email.' : 'Saved: no more marketing email.') : null}
      </p>
      {preferences.isError || update.isError ? (
        <p role="alert" className="text-sm font-medium text-red-600">
          {errorMessage(preferences.error ?? update.error)}
        </p>
      ) : null}
    </section>
  );
}
