import { zodResolver } from '@hookform/resolvers/zod';
import {
  isAppError,
  MAINTENANCE_MESSAGE_MAX_LENGTH,
  PLATFORM_CONFIG_MESSAGES,
  PLATFORM_REASON_MAX_LENGTH,
  type MaintenanceConfig,
} from '@shopfront/core';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { cn } from '#src/components/ui/cn.ts';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useMaintenanceConfig, useSetMaintenanceMode } from '../api/platform-config-api.ts';
import { formatAdminTime, isoToLocalInput, localInputToIso } from '../lib/format-admin-time.ts';
import { SignupsCard } from './signups-card.tsx';

const reasonSchema = z.string().trim().max(PLATFORM_REASON_MAX_LENGTH, PLATFORM_CONFIG_MESSAGES.reasonTooLong);
const formSchema = z.object({
  message: z.string().trim().min(1, PLATFORM_CONFIG_MESSAGES.messageRequired).max(MAINTENANCE_MESSAGE_MAX_LENGTH, PLATFORM_CONFIG_MESSAGES.messageTooLong),
  endsAt: z.string().refine((value) => {
    const iso = localInputToIso(value);
    return value === '' || (iso !== null && new Date(iso).getTime() > Date.now());
  }, PLATFORM_CONFIG_MESSAGES.endsAtInPast),
  reason: reasonSchema,
});
type FormValues = z.input<typeof formSchema>;
type Pending = { enabled: true; values: FormValues } | { enabled: false; reason: string };

/**
 * Admin › Maintenance: while it is on, signups are refused with the message (landing, signup page
 * and the API); sign-in keeps working. An optional end time switches it off by itself. Signups can
 * also be closed on their own (allowSignups), without maintenance.
 */
export function MaintenancePanel() {
  const config = useMaintenanceConfig();
  if (config.isPending) return <Spinner label="Loading maintenance settings" />;
  if (config.isError) {
    return (
      <Alert title="Maintenance settings could not be loaded">
        <p>{errorMessage(config.error)}</p>
        <Button variant="secondary" className="mt-2" onClick={() => void config.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return <MaintenanceEditor key={config.data.updatedAt ?? 'default'} config={config.data} />;
}

function MaintenanceEditor({ config }: { config: MaintenanceConfig }) {
  const save = useSetMaintenanceMode();
  const [pending, setPending] = useState<Pending | null>(null);
  const messageId = useId();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { message: config.maintenanceMessage ?? '', endsAt: config.inEffect ? isoToLocalInput(config.endsAt) : '', reason: '' },
  });
  const on = config.inEffect;
  const message = useWatch({ control: form.control, name: 'message' });
  const messageError = form.formState.errors.message?.message;

  const confirm = () => {
    if (!pending) return;
    const input = pending.enabled
      ? { enabled: true, message: pending.values.message.trim(), endsAt: localInputToIso(pending.values.endsAt), reason: pending.values.reason.trim() || undefined }
      : { enabled: false, reason: pending.reason.trim() || undefined };
    save.mutate(input, {
      onSuccess: () => setPending(null),
      onError: (error) => {
        const fields = isAppError(error) ? (error.details as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors : undefined;
        for (const field of ['message', 'endsAt', 'reason'] as const) {
          const fieldMessage = fields?.[field]?.[0];
          if (fieldMessage) {
            form.setError(field, { message: fieldMessage });
            setPending(null);
          }
        }
      },
    });
  };

  const switchOff = async () => {
    if (!(await form.trigger('reason'))) return;
    save.reset();
    setPending({ enabled: false, reason: form.getValues('reason') });
  };

  return (
    <div className="space-y-6">
      <MaintenanceState config={config} />
      <SignupsCard config={config} />

      <form
        noValidate
        className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
        onSubmit={form.handleSubmit((values) => {
          save.reset();
          setPending({ enabled: true, values });
        })}
      >
        <h3 className="text-base font-semibold text-slate-900">{on ? 'Change the maintenance notice' : 'Switch maintenance on'}</h3>
        <div className="space-y-1.5">
          <div className="flex items-baseline justify-between gap-2">
            <label htmlFor={messageId} className="block text-sm font-medium text-slate-800">
              Message visitors see
            </label>
            <span id={`${messageId}-count`} className="text-xs text-slate-500">
              {message.length}/{MAINTENANCE_MESSAGE_MAX_LENGTH}
            </span>
          </div>
          <textarea
            id={messageId}
            rows={3}
            aria-invalid={messageError ? true : undefined}
            aria-describedby={[`${messageId}-count`, messageError ? `${messageId}-error` : null].filter(Boolean).join(' ')}
            className={cn(
              'block w-full resize-y rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 sm:text-sm',
              messageError ? 'border-red-500 focus:outline-red-500' : 'border-slate-300 focus:outline-brand-600',
            )}
            {...form.register('message')}
          />
          {messageError ? (
            <p id={`${messageId}-error`} className="text-sm font-medium text-red-600">
              {messageError}
            </p>
          ) : null}
        </div>
        <TextField
          type="datetime-local"
          label="Ends at (optional)"
          hint={`Your time (${Intl.DateTimeFormat().resolvedOptions().timeZone}). Leave empty to keep it on until you switch it off.`}
          error={form.formState.errors.endsAt?.message}
          {...form.register('endsAt')}
        />
        <TextField
          label="Reason (optional, kept in the audit log)"
          autoComplete="off"
          error={form.formState.errors.reason?.message}
          {...form.register('reason')}
        />
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          {on ? (
            <Button variant="secondary" onClick={() => void switchOff()}>
              Switch maintenance off…
            </Button>
          ) : null}
          <Button type="submit" variant={on ? 'primary' : 'danger'}>
            {on ? 'Save notice…' : 'Switch maintenance on…'}
          </Button>
        </div>
      </form>

      <ConfirmDialog
        open={pending !== null}
        title={pending?.enabled ? (on ? 'Update the maintenance notice?' : 'Switch maintenance on?') : 'Switch maintenance off?'}
        description={
          pending?.enabled
            ? `New signups are refused with your message${pending.values.endsAt ? ` until ${formatAdminTime(localInputToIso(pending.values.endsAt) ?? '')}` : ' until you switch it off'}. Creators who already have an account can still sign in.`
            : 'Signups open again at once.'
        }
        confirmLabel={pending?.enabled ? (on ? 'Save notice' : 'Switch on') : 'Switch off'}
        pendingLabel="Saving…"
        pending={save.isPending}
        error={save.isError ? errorMessage(save.error) : null}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
    </div>
  );
}

function MaintenanceState({ config }: { config: MaintenanceConfig }) {
  const ended = config.maintenanceMode && !config.inEffect;
  return (
    <section aria-labelledby="maintenance-state" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h3 id="maintenance-state" className="text-base font-semibold text-slate-900">
          Maintenance
        </h3>
        <span
          data-testid="maintenance-status"
          className={cn(
            'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
            config.inEffect ? 'bg-amber-50 text-amber-800 ring-amber-200' : 'bg-emerald-50 text-emerald-800 ring-emerald-200',
          )}
        >
          {config.inEffect ? 'On — signups refused' : config.allowSignups ? 'Off — signups open' : 'Off'}
        </span>
      </div>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        {config.inEffect && config.enabledAt ? (
          <div>
            <dt className="text-slate-500">Switched on</dt>
            <dd className="text-slate-900">
              {formatAdminTime(config.enabledAt)}
              {config.enabledBy ? ` by ${config.enabledBy.email}` : ' from the command line'}
            </dd>
          </div>
        ) : null}
        {config.inEffect ? (
          <div>
            <dt className="text-slate-500">Ends</dt>
            <dd className="text-slate-900">{config.endsAt ? formatAdminTime(config.endsAt) : 'When an admin switches it off'}</dd>
          </div>
        ) : null}
        {ended && config.endsAt ? (
          <div className="sm:col-span-2">
            <dt className="text-slate-500">Ended by itself</dt>
            <dd className="text-slate-900">{formatAdminTime(config.endsAt)}</dd>
          </div>
        ) : null}
        {config.inEffect && config.maintenanceMessage ? (
          <div className="sm:col-span-2">
            <dt className="text-slate-500">Message</dt>
            <dd className="whitespace-pre-line break-words text-slate-900">{config.maintenanceMessage}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
