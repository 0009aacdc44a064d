import { AUTOMATION_LIMITS, COMMERCE_LIMITS, type AutomationTrigger, type Product } from '@shopfront/core';
import { useState } from 'react';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorAt, FIELD_WORDS } from '../lib/field-errors.ts';
import { defaultTrigger, EDITABLE_TRIGGER_KINDS, TRIGGER_KIND_LABELS, type EditableTriggerKind } from '../lib/trigger-words.ts';
import { ProductOptions, SelectField } from './select-field.tsx';
import { SignupFormField } from './signup-form-field.tsx';

interface TriggerFieldsProps {
  trigger: AutomationTrigger;
  onChange: (trigger: AutomationTrigger) => void;
  errors: unknown;
  products: readonly Product[];
  storeId: string;
}

const isEditable = (kind: string): kind is EditableTriggerKind => (EDITABLE_TRIGGER_KINDS as readonly string[]).includes(kind);

/** What starts the automation: the kind, then the choices that kind has. */
export function TriggerFields({ trigger, onChange, errors, products, storeId }: TriggerFieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField label="Starts when" value={trigger.kind} onChange={(event) => isEditable(event.target.value) && onChange(defaultTrigger(event.target.value))} className="sm:col-span-2">
        {EDITABLE_TRIGGER_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {TRIGGER_KIND_LABELS[kind]}
          </option>
        ))}
        {isEditable(trigger.kind) ? null : <option value={trigger.kind}>{trigger.kind}</option>}
      </SelectField>
      <TriggerChoices trigger={trigger} onChange={onChange} errors={errors} products={products} storeId={storeId} />
    </div>
  );
}

function TriggerChoices({ trigger, onChange, errors, products, storeId }: TriggerFieldsProps) {
  switch (trigger.kind) {
    case 'joined':
      return (
        <>
          <SelectField label="How they join" value={trigger.source} onChange={(event) => onChange({ ...trigger, source: event.target.value as typeof trigger.source, productId: null, form: null })}>
            <option value="any">Any way (a form, a free product, a checkout)</option>
            <option value="signup-form">Your website’s signup form</option>
            <option value="lead-magnet">Getting a free product</option>
          </SelectField>
          {trigger.source === 'lead-magnet' ? (
            <SelectField label="Free product" value={trigger.productId ?? ''} onChange={(event) => onChange({ ...trigger, productId: event.target.value || null })} error={errorAt(errors, 'productId')}>
              <ProductOptions products={products.filter((product) => product.type === 'lead-magnet' || product.priceMode === 'free' || product.id === trigger.productId)} anyLabel="Any free product" chosen={trigger.productId} />
            </SelectField>
          ) : null}
          {trigger.source === 'signup-form' ? (
            <SignupFormField storeId={storeId} form={trigger.form ?? null} onChange={(form) => onChange({ ...trigger, form })} error={errorAt(errors, 'form')} />
          ) : null}
        </>
      );
    case 'purchased':
      return (
        <SelectField label="Product" value={trigger.productId ?? ''} onChange={(event) => onChange({ ...trigger, productId: event.target.value || null })} error={errorAt(errors, 'productId')}>
          <ProductOptions products={products} anyLabel="Any product" chosen={trigger.productId} />
        </SelectField>
      );
    case 'tag-added':
      return (
        <TextField label="Tag" maxLength={COMMERCE_LIMITS.tagMax} value={trigger.tag} onChange={(event) => onChange({ ...trigger, tag: event.target.value })} error={FIELD_WORDS.tag(trigger.tag, errorAt(errors, 'tag'))} />
      );
    case 'abandoned-checkout':
      return (
        <>
          <SelectField label="Checkout of" value={trigger.productId ?? ''} onChange={(event) => onChange({ ...trigger, productId: event.target.value || null })} error={errorAt(errors, 'productId')}>
            <ProductOptions products={products} anyLabel="Any product" chosen={trigger.productId} />
          </SelectField>
          <DelayField minutes={trigger.delayMinutes} onChange={(delayMinutes) => onChange({ ...trigger, delayMinutes })} error={errorAt(errors, 'delayMinutes') ? FIELD_WORDS.delay : undefined} />
        </>
      );
    case 'membership-started':
    case 'membership-cancelled':
    case 'membership-payment-failed':
      return (
        <SelectField label="Membership" value={trigger.productId ?? ''} onChange={(event) => onChange({ ...trigger, productId: event.target.value || null })} error={errorAt(errors, 'productId')}>
          <ProductOptions products={products.filter((product) => product.type === 'membership' || product.id === trigger.productId)} anyLabel="Any membership" chosen={trigger.productId} />
        </SelectField>
      );
    default:
      return <p className="text-sm text-slate-600 sm:col-span-2">This trigger is set up elsewhere; its choices cannot be changed here yet.</p>;
  }
}

const UNIT_MINUTES = { minutes: 1, hours: 60, days: 24 * 60 } as const;
type Unit = keyof typeof UNIT_MINUTES;
const unitOf = (minutes: number): Unit => (minutes % UNIT_MINUTES.days === 0 ? 'days' : minutes % UNIT_MINUTES.hours === 0 ? 'hours' : 'minutes');

/** "Unpaid after [1] [hours]", kept as minutes; the unit stays as chosen while the number is typed. */
function DelayField({ minutes, onChange, error }: { minutes: number; onChange: (minutes: number) => void; error: string | undefined }) {
  const [unit, setUnit] = useState<Unit>(() => unitOf(minutes));
  const amount = minutes / UNIT_MINUTES[unit];
  return (
    <fieldset className="min-w-0 space-y-1.5">
      <legend className="text-sm font-medium text-slate-800">Unpaid after</legend>
      <div className="flex gap-2">
        <TextField
          label="Delay"
          className="w-24 [&>label]:sr-only"
          type="number"
          inputMode="numeric"
          min={1}
          value={Number.isFinite(amount) ? String(amount) : ''}
          onChange={(event) => onChange(Math.round(event.target.valueAsNumber * UNIT_MINUTES[unit]))}
          aria-describedby={error ? undefined : 'abandoned-delay-hint'}
        />
        <SelectField label="Delay unit" className="flex-1 [&>label]:sr-only" value={unit} onChange={(event) => {
          const next = event.target.value as Unit;
          setUnit(next);
          onChange(Math.round(amount * UNIT_MINUTES[next]));
        }}>
          <option value="minutes">minutes</option>
          <option value="hours">hours</option>
          <option value="days">days</option>
        </SelectField>
      </div>
      {error ? <p className="text-sm font-medium text-red-600">{error}</p> : <p id="abandoned-delay-hint" className="text-sm text-slate-500">Between {AUTOMATION_LIMITS.abandonedDelayMinutesMin} minutes and 7 days. Paying at any point ends the automation for that checkout.</p>}
    </fieldset>
  );
}
