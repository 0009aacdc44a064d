import { AUTOMATION_MESSAGES, COMMERCE_LIMITS, type AutomationStep, type AutomationWait, type BranchCondition, type Product } from '@shopfront/core';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorAt, FIELD_WORDS } from '../lib/field-errors.ts';
import { stepInWords, WEEKDAYS } from '../lib/step-words.ts';
import { EmailStepFields } from './email-step-fields.tsx';
import { ProductOptions, SelectField } from './select-field.tsx';

export interface StepFieldsProps {
  step: AutomationStep;
  index: number;
  /** Every step, for the branch's "otherwise go to". */
  steps: readonly AutomationStep[];
  onChange: (step: AutomationStep) => void;
  errors: unknown;
  products: readonly Product[];
  titles: ReadonlyMap<string, string>;
}

/** The inputs of one step, by its type, edited in place on its card. */
export function StepFields(props: StepFieldsProps) {
  const { step, onChange, errors } = props;
  switch (step.type) {
    case 'wait':
      return <WaitFields wait={step.wait} onChange={(wait) => onChange({ ...step, wait })} errors={errors} />;
    case 'email':
      return <EmailStepFields step={step} onChange={onChange} errors={errors} products={props.products} />;
    case 'add-tag':
    case 'remove-tag':
      return <TextField label="Tag" maxLength={COMMERCE_LIMITS.tagMax} value={step.tag} onChange={(event) => onChange({ ...step, tag: event.target.value })} error={FIELD_WORDS.tag(step.tag, errorAt(errors, 'tag'))} />;
    case 'branch':
      return <BranchFields {...props} step={step} />;
    case 'end':
      return <p className="text-sm text-slate-600">The automation ends here for this contact.</p>;
  }
}

function WaitFields({ wait, onChange, errors }: { wait: AutomationWait; onChange: (wait: AutomationWait) => void; errors: unknown }) {
  const tooLong = errorAt(errors, 'wait') === AUTOMATION_MESSAGES.waitTooLong ? AUTOMATION_MESSAGES.waitTooLong : undefined;
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <SelectField
        label="Wait"
        className="col-span-2 sm:col-span-1"
        value={wait.mode}
        onChange={(event) => onChange(event.target.value === 'until' ? { mode: 'until', weekday: 1, time: '09:00', zone: 'contact' } : { mode: 'duration', amount: 1, unit: 'days' })}
      >
        <option value="duration">For a while</option>
        <option value="until">Until a day and time</option>
      </SelectField>
      {wait.mode === 'duration' ? (
        <>
          <TextField
            label="How long"
            type="number"
            inputMode="numeric"
            min={1}
            value={Number.isFinite(wait.amount) ? String(wait.amount) : ''}
            onChange={(event) => onChange({ ...wait, amount: event.target.valueAsNumber })}
            error={errorAt(errors, 'wait', 'amount') ? FIELD_WORDS.amount : tooLong}
          />
          <SelectField label="Unit" value={wait.unit} onChange={(event) => onChange({ ...wait, unit: event.target.value as typeof wait.unit })}>
            <option value="minutes">minutes</option>
            <option value="hours">hours</option>
            <option value="days">days</option>
          </SelectField>
        </>
      ) : (
        <>
          <SelectField label="Day" value={wait.weekday} onChange={(event) => onChange({ ...wait, weekday: Number(event.target.value) })}>
            {WEEKDAYS.map((day, index) => (
              <option key={day} value={index}>
                {day}
              </option>
            ))}
          </SelectField>
          <TextField label="Time" type="time" value={wait.time} onChange={(event) => onChange({ ...wait, time: event.target.value })} error={errorAt(errors, 'wait', 'time')} />
          <SelectField label="On whose clock" className="col-span-2 sm:col-span-3" value={wait.zone} onChange={(event) => onChange({ ...wait, zone: event.target.value as typeof wait.zone })} hint="A contact’s time zone is their browser’s, taken when they buy or sign up.">
            <option value="contact">The contact’s time zone (the store’s when unknown)</option>
            <option value="store">Your store’s</option>
          </SelectField>
        </>
      )}
    </div>
  );
}

const CONDITION_DEFAULTS: Record<BranchCondition['kind'], BranchCondition> = {
  'opened-previous': { kind: 'opened-previous' },
  bought: { kind: 'bought', productId: null },
  'has-tag': { kind: 'has-tag', tag: '' },
};

function BranchFields({ step, index, steps, onChange, errors, products, titles }: StepFieldsProps & { step: Extract<AutomationStep, { type: 'branch' }> }) {
  const { condition } = step;
  const later = steps.slice(index + 1);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField label="Go on to the next step if" value={condition.kind} onChange={(event) => onChange({ ...step, condition: CONDITION_DEFAULTS[event.target.value as BranchCondition['kind']] })}>
        <option value="opened-previous">They opened the previous email</option>
        <option value="bought">They bought a product</option>
        <option value="has-tag">They have a tag</option>
      </SelectField>
      {condition.kind === 'bought' ? (
        <SelectField label="Product" value={condition.productId ?? ''} onChange={(event) => onChange({ ...step, condition: { ...condition, productId: event.target.value || null } })} error={errorAt(errors, 'condition', 'productId')}>
          <ProductOptions products={products} anyLabel="Anything" chosen={condition.productId} />
        </SelectField>
      ) : null}
      {condition.kind === 'has-tag' ? (
        <TextField label="Tag" maxLength={COMMERCE_LIMITS.tagMax} value={condition.tag} onChange={(event) => onChange({ ...step, condition: { ...condition, tag: event.target.value } })} error={FIELD_WORDS.tag(condition.tag, errorAt(errors, 'condition', 'tag'))} />
      ) : null}
      <SelectField
        label="Otherwise"
        className="sm:col-span-2"
        value={step.elseStepId ?? ''}
        onChange={(event) => onChange({ ...step, elseStepId: event.target.value || null })}
        error={errorAt(errors, 'elseStepId')}
        hint="A branch can only skip ahead, so nobody gets a step twice."
      >
        <option value="">End the automation</option>
        {later.map((target, offset) => (
          <option key={target.id} value={target.id}>
            Go to step {index + offset + 2}: {stepInWords(target, titles)}
          </option>
        ))}
        {step.elseStepId && !later.some((target) => target.id === step.elseStepId) ? <option value={step.elseStepId}>An earlier step (choose another)</option> : null}
      </SelectField>
    </div>
  );
}
