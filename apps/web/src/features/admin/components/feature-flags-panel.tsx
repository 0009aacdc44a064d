import { zodResolver } from '@hookform/resolvers/zod';
import { FEATURE_FLAG_DESCRIPTIONS, PLATFORM_CONFIG_MESSAGES, PLATFORM_REASON_MAX_LENGTH, type FeatureFlagState } from '@shopfront/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { cn } from '#src/components/ui/cn.ts';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useFeatureFlags, useSetFeatureFlag } from '../api/platform-config-api.ts';
import { formatAdminTime } from '../lib/format-admin-time.ts';

/** Admin › Feature flags: every flag with what it controls; each change needs a reason and a confirmation. */
export function FeatureFlagsPanel() {
  const flags = useFeatureFlags();
  const [changing, setChanging] = useState<FeatureFlagState | null>(null);
  if (flags.isPending) return <Spinner label="Loading feature flags" />;
  if (flags.isError) {
    return (
      <Alert title="Feature flags could not be loaded">
        <p>{errorMessage(flags.error)}</p>
        <Button variant="secondary" className="mt-2" onClick={() => void flags.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (flags.data.length === 0) return <p className="text-sm text-slate-600">This platform has no feature flags.</p>;
  return (
    <>
      <p className="mb-4 text-sm text-slate-600">Changes reach every server within a second and are kept in the audit log.</p>
      <ul className="divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
        {flags.data.map((flag) => (
          <FlagRow key={flag.name} flag={flag} onChange={() => setChanging(flag)} />
        ))}
      </ul>
      <Dialog
        open={changing !== null}
        onClose={() => setChanging(null)}
        title={changing ? `Turn ${FEATURE_FLAG_DESCRIPTIONS[changing.name].label} ${changing.enabled ? 'off' : 'on'}?` : ''}
        description={changing ? FEATURE_FLAG_DESCRIPTIONS[changing.name].description : undefined}
      >
        {changing ? <ChangeFlagForm key={changing.name} flag={changing} onDone={() => setChanging(null)} /> : null}
      </Dialog>
    </>
  );
}

function FlagRow({ flag, onChange }: { flag: FeatureFlagState; onChange: () => void }) {
  const { label, description } = FEATURE_FLAG_DESCRIPTIONS[flag.name];
  const labelId = `flag-${flag.name}`;
  return (
    <li data-testid={`flag-${flag.name}`} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div className="min-w-0 space-y-1">
        <p id={labelId} className="font-medium text-slate-900">
          {label} <code className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-600">{flag.name}</code>
        </p>
        <p className="text-sm text-slate-600">{description}</p>
        <p className="text-xs text-slate-500">
          {flag.isDefault
            ? `Default (${flag.defaultEnabled ? 'on' : 'off'}), never changed`
            : `Changed ${flag.updatedAt ? formatAdminTime(flag.updatedAt) : ''}${flag.updatedBy ? ` by ${flag.updatedBy.email}` : ' from the command line'}`}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={flag.enabled}
        aria-labelledby={labelId}
        onClick={onChange}
        className="inline-flex min-h-11 shrink-0 items-center gap-3 self-start rounded-lg px-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:self-center"
      >
        <span
          aria-hidden="true"
          className={cn('relative inline-flex h-6 w-11 rounded-full transition-colors', flag.enabled ? 'bg-brand-600' : 'bg-slate-300')}
        >
          <span className={cn('absolute top-0.5 size-5 rounded-full bg-white shadow transition-transform', flag.enabled ? 'translate-x-5.5' : 'translate-x-0.5')} />
        </span>
        <span className="w-7 text-sm font-semibold text-slate-800">{flag.enabled ? 'On' : 'Off'}</span>
      </button>
    </li>
  );
}

const reasonSchema = z.object({
  reason: z.string().trim().min(1, PLATFORM_CONFIG_MESSAGES.reasonRequired).max(PLATFORM_REASON_MAX_LENGTH, PLATFORM_CONFIG_MESSAGES.reasonTooLong),
});

function ChangeFlagForm({ flag, onDone }: { flag: FeatureFlagState; onDone: () => void }) {
  const save = useSetFeatureFlag();
  const form = useForm<z.input<typeof reasonSchema>>({ resolver: zodResolver(reasonSchema), defaultValues: { reason: '' } });
  const next = !flag.enabled;
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit(({ reason }) => save.mutate({ name: flag.name, enabled: next, reason: reason.trim() }, { onSuccess: onDone }))}
    >
      <TextField label="Reason (kept in the audit log)" autoComplete="off" autoFocus error={form.formState.errors.reason?.message} {...form.register('reason')} />
      {save.isError ? <Alert>{errorMessage(save.error)}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant={next ? 'primary' : 'danger'} disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? 'Saving…' : `Turn ${next ? 'on' : 'off'}`}
        </Button>
      </div>
    </form>
  );
}
