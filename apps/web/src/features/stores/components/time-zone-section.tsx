import { supportedTimeZones } from '@shopfront/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useActiveStore } from '#src/lib/active-store.ts';
import { callFunction } from '#src/lib/call-function.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { STORE_KEYS } from '#src/lib/store-keys.ts';
import { toast } from '#src/lib/toast.ts';

const timeZoneKey = (storeId: string) => [...STORE_KEYS.store(storeId), 'timeZone'] as const;

/** Settings › Time zone: the store's days for sales (date ranges, the CSV) follow it. */
export function TimeZoneSection() {
  const { store } = useActiveStore();
  return (
    <section id="time-zone" aria-labelledby="time-zone-title" className="scroll-mt-24 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="time-zone-title" className="text-lg font-semibold text-slate-900">
        Time zone
      </h2>
      <p className="mt-1 text-sm text-slate-600">When a day starts and ends for {store ? store.name : 'your store'}.</p>
      {store ? <TimeZoneBody storeId={store.id} /> : <p className="mt-4 text-sm text-slate-600">Create a store to set its time zone.</p>}
    </section>
  );
}

function TimeZoneBody({ storeId }: { storeId: string }) {
  const setting = useQuery({ queryKey: timeZoneKey(storeId), queryFn: () => callFunction('getStoreTimeZone', { storeId }) });
  if (setting.isPending) return <div className="py-6"><Spinner label="Loading the time zone" /></div>;
  if (setting.isError) {
    return (
      <Alert className="mt-4" title="The time zone could not load">
        {errorMessage(setting.error)}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void setting.refetch()}>
          Try again
        </button>
      </Alert>
    );
  }
  return <TimeZoneForm key={setting.data.timeZone} storeId={storeId} current={setting.data.timeZone} />;
}

function TimeZoneForm({ storeId, current }: { storeId: string; current: string }) {
  const [timeZone, setTimeZone] = useState(current);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (next: string) => callFunction('updateStoreTimeZone', { storeId, timeZone: next }),
    onSuccess: (result) => {
      queryClient.setQueryData(timeZoneKey(storeId), result);
      // Sales pages count days in the new zone.
      void queryClient.invalidateQueries({ queryKey: [...STORE_KEYS.store(storeId), 'orders'] });
      toast.success(`Time zone set to ${result.timeZone}`);
    },
  });
  // The store's zone stays listed even if this browser does not know it.
  const zones = useMemo(() => [...new Set([current, ...supportedTimeZones()])].sort(), [current]);
  const id = useId();
  const error = save.isError ? errorMessage(save.error) : null;

  return (
    <form
      noValidate
      className="mt-4 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (timeZone !== current) save.mutate(timeZone);
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Store time zone
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <select
          id={id}
          value={timeZone}
          onChange={(event) => setTimeZone(event.target.value)}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-brand-600 sm:text-sm"
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
        <Button type="submit" disabled={timeZone === current || save.isPending} aria-busy={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save time zone'}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        Sales date ranges and the CSV export count days in this zone.
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </form>
  );
}
