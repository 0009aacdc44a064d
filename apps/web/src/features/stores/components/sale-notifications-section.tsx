import { zodResolver } from '@hookform/resolvers/zod';
import { SALE_NOTIFICATION_LABELS, SALE_NOTIFICATION_MODES, SaleNotificationModeSchema, type SaleNotificationMode } from '@shopfront/core';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { cn } from '#src/components/ui/cn.ts';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useActiveStore } from '#src/lib/active-store.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useSaleNotifications, useUpdateSaleNotifications } from '../api/store-settings-api.ts';
import { SettingsCard } from './settings-card.tsx';

const FormSchema = z.object({ saleNotifications: SaleNotificationModeSchema });

/** Settings › Sale notifications: an email for each sale, a daily digest, or none. */
export function SaleNotificationsSection() {
  const { store } = useActiveStore();
  return (
    <SettingsCard id="sale-notifications" title="Sale notifications" description="How we tell you about new sales and free downloads.">
      {store ? <SaleNotificationsBody storeId={store.id} /> : <p className="mt-4 text-sm text-slate-600">Create a store first.</p>}
    </SettingsCard>
  );
}

function SaleNotificationsBody({ storeId }: { storeId: string }) {
  const settings = useSaleNotifications(storeId);
  if (settings.isPending) return <div className="py-6"><Spinner label="Loading sale notifications" /></div>;
  if (settings.isError) {
    return (
      <Alert className="mt-4" title="Sale notifications could not load">
        {errorMessage(settings.error)}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void settings.refetch()}>
          Try again
        </button>
      </Alert>
    );
  }
  return <SaleNotificationsForm key={settings.data.saleNotifications} storeId={storeId} current={settings.data.saleNotifications} />;
}

function SaleNotificationsForm({ storeId, current }: { storeId: string; current: SaleNotificationMode }) {
  const save = useUpdateSaleNotifications(storeId);
  const { register, handleSubmit, control } = useForm<z.infer<typeof FormSchema>>({
    resolver: zodResolver(FormSchema),
    defaultValues: { saleNotifications: current },
  });
  const chosen = useWatch({ control, name: 'saleNotifications' });
  return (
    <form
      noValidate
      className="mt-4 space-y-3"
      onSubmit={(event) =>
        void handleSubmit(({ saleNotifications }) =>
          save.mutate(saleNotifications, { onSuccess: () => toast.success(`Sale notifications: ${SALE_NOTIFICATION_LABELS[saleNotifications].label.toLowerCase()}.`) }),
        )(event)
      }
    >
      <fieldset>
        <legend className="sr-only">Sale notifications</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {SALE_NOTIFICATION_MODES.map((mode) => (
            <label
              key={mode}
              className={cn(
                'flex cursor-pointer gap-3 rounded-xl p-3 ring-1 ring-inset transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                chosen === mode ? 'bg-brand-50 ring-brand-500' : 'bg-white ring-slate-200 hover:bg-slate-50',
              )}
            >
              <input type="radio" value={mode} className="mt-0.5 size-4 accent-brand-600" {...register('saleNotifications')} />
              <span>
                <span className="block text-sm font-semibold text-slate-900">{SALE_NOTIFICATION_LABELS[mode].label}</span>
                <span className="block text-xs text-slate-600">{SALE_NOTIFICATION_LABELS[mode].explanation}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {save.isError ? (
        <p role="alert" className="text-sm font-medium text-red-600">
          {errorMessage(save.error)}
        </p>
      ) : null}
      <Button type="submit" disabled={chosen === current || save.isPending} aria-busy={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save notifications'}
      </Button>
    </form>
  );
}
