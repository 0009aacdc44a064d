import { zodResolver } from '@hookform/resolvers/zod';
import type { AffiliateProgram } from '@shopfront/core';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { LabelledSwitch } from '#src/components/ui/labelled-switch.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useUpdateAffiliateProgram } from '../api/affiliates-api.ts';
import { programFormSchema, programToForm, type ProgramFormOutput, type ProgramFormValues } from '../lib/form-schemas.ts';
import { Badge } from './badge.tsx';
import { CARD_BODY, Card } from './card.tsx';

const JOIN_MODES = [
  { value: 'open', label: 'Open signup', hint: 'Members who apply become affiliates at once.' },
  { value: 'approval', label: 'Approval required', hint: 'Members who apply wait until you approve them in the Affiliates tab.' },
] as const;

/** The program's terms: on/off, default commission, attribution window, holding period, how people join. */
export function ProgramSettingsCard({ storeId, program }: { storeId: string; program: AffiliateProgram }) {
  const save = useUpdateAffiliateProgram(storeId);
  const [result, setResult] = useState('');
  const { register, control, handleSubmit, reset, formState } = useForm<ProgramFormValues, unknown, ProgramFormOutput>({
    resolver: zodResolver(programFormSchema),
    defaultValues: programToForm(program),
  });
  const { errors, isSubmitting } = formState;
  // The badge follows the switch at once; until Save it also says the change is not saved.
  const enabled = useWatch({ control, name: 'enabled' });
  const unsaved = enabled !== program.enabled;

  const submit = handleSubmit(async (fields) => {
    setResult('');
    try {
      const saved = await save.mutateAsync(fields);
      reset(programToForm(saved));
      setResult(saved.enabled ? 'Saved. The program is on.' : 'Saved. The program is off.');
    } catch {
      // The Alert below shows the server's message.
    }
  });

  return (
    <Card
      title="Program settings"
      description="Your terms for everyone who shares your products."
      actions={
        <span data-testid="program-state">
          <Badge tone={unsaved ? 'amber' : enabled ? 'green' : 'slate'}>
            {enabled ? 'On' : 'Off'}
            {unsaved ? ' · not saved yet' : ''}
          </Badge>
        </span>
      }
    >
      <form noValidate onSubmit={submit} className={`space-y-5 ${CARD_BODY}`} aria-label="Program settings">
        <Controller
          control={control}
          name="enabled"
          render={({ field }) => (
            <LabelledSwitch
              label="Affiliate program"
              hint="When it is on, your store’s members can join as affiliates and earn on the sales their links bring."
              checked={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <div className="grid gap-5 sm:grid-cols-3">
          <TextField
            label="Default commission (%)"
            inputMode="numeric"
            autoComplete="off"
            hint="Affiliates earn this share of each sale they bring, unless the product has its own rate."
            error={errors.commissionPercent?.message}
            {...register('commissionPercent')}
          />
          <TextField
            label="Attribution window (days)"
            inputMode="numeric"
            autoComplete="off"
            hint="A sale counts for an affiliate if the buyer opened their link at most this many days before buying."
            error={errors.windowDays?.message}
            {...register('windowDays')}
          />
          <TextField
            label="Holding period (days)"
            inputMode="numeric"
            autoComplete="off"
            hint="Commission becomes payable this many days after the sale, so refunds can land first."
            error={errors.holdingDays?.message}
            {...register('holdingDays')}
          />
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">How affiliates join</legend>
          <p className="text-sm text-slate-500">People you invite by email join at once either way.</p>
          <div className="grid gap-2 sm:grid-cols-2">
            {JOIN_MODES.map((mode) => (
              <label key={mode.value} className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg p-3 ring-1 ring-slate-200 ring-inset has-[:checked]:ring-2 has-[:checked]:ring-brand-600">
                <input type="radio" value={mode.value} className="mt-0.5 h-4 w-4 accent-brand-600" aria-describedby={`join-${mode.value}-hint`} {...register('joinMode')} />
                <span>
                  <span className="block text-sm font-medium text-slate-900">{mode.label}</span>
                  <span id={`join-${mode.value}-hint`} className="block text-sm text-slate-600">
                    {mode.hint}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {save.isError ? <Alert>{errorMessage(save.error)}</Alert> : null}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-end">
          <p role="status" className="text-sm font-medium text-emerald-700">
            {result}
          </p>
          <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save settings'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
