import { BOOKING_LIMITS } from '@shopfront/core';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '#src/components/ui/button.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import type { CallSettingsFormValues } from '#src/features/products/lib/call-settings-form.ts';

/** The questions a buyer answers before paying: label, short or long answer, required or not; in order. */
export function IntakeQuestionsField({ disabled }: { disabled: boolean }) {
  const { control, register, formState } = useFormContext<CallSettingsFormValues>();
  const questions = useFieldArray({ control, name: 'questions', keyName: 'key' });
  const errors = formState.errors.questions;
  const full = questions.fields.length >= BOOKING_LIMITS.questionsMax;

  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <legend className="text-sm font-semibold text-slate-900">Questions for the buyer</legend>
      <p className="text-sm text-slate-600">Asked before paying; you see the answers with the booking. Up to {BOOKING_LIMITS.questionsMax}.</p>
      {questions.fields.length === 0 ? <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-600">No questions: buyers only pick a time.</p> : null}
      <ol className="space-y-3" aria-label="Questions">
        {questions.fields.map((field, index) => (
          <li key={field.key} className="space-y-3 rounded-xl p-3 ring-1 ring-slate-200">
            <TextField label={`Question ${index + 1}`} placeholder="What would you like to talk about?" error={errors?.[index]?.label?.message} {...register(`questions.${index}.label`)} />
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <span>Answer</span>
                <select className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-base sm:text-sm" {...register(`questions.${index}.kind`)}>
                  <option value="short-text">One line</option>
                  <option value="long-text">A paragraph</option>
                </select>
              </label>
              <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" className="size-4 accent-brand-600" {...register(`questions.${index}.required`)} />
                Required
              </label>
              <div className="ml-auto flex gap-1">
                <Button variant="ghost" onClick={() => questions.move(index, index - 1)} disabled={index === 0} aria-label={`Move question ${index + 1} up`}>
                  ↑
                </Button>
                <Button variant="ghost" onClick={() => questions.move(index, index + 1)} disabled={index === questions.fields.length - 1} aria-label={`Move question ${index + 1} down`}>
                  ↓
                </Button>
                <Button variant="ghost" className="text-red-700" onClick={() => questions.remove(index)} aria-label={`Remove question ${index + 1}`}>
                  Remove
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ol>
      {typeof errors?.message === 'string' ? <p className="text-sm font-medium text-red-600">{errors.message}</p> : null}
      <Button variant="secondary" disabled={full} onClick={() => questions.append({ label: '', kind: 'short-text', required: false })}>
        Add a question
      </Button>
    </fieldset>
  );
}
