import { EMAIL_LIMITS, type AutomationStep, type Product } from '@shopfront/core';
import { Suspense, useId, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorAt } from '../lib/field-errors.ts';
import { useRenderEmailBody } from './email-body-editor.tsx';
import { StepTestSend } from './step-test-send.tsx';

type EmailStep = Extract<AutomationStep, { type: 'email' }>;

/**
 * Subject and preview text in place; the body in the campaign block editor, opened on demand (it
 * is loaded then, and a flow of several emails stays short enough to read on a phone).
 */
export function EmailStepFields({ step, onChange, errors, products }: { step: EmailStep; onChange: (step: AutomationStep) => void; errors: unknown; products: readonly Product[] }) {
  const renderBody = useRenderEmailBody();
  const bodyErrors = errors && typeof errors === 'object' ? (errors as { body?: unknown }).body : undefined;
  // Open at once on an empty email, and when the body has an error to show.
  const [open, setOpen] = useState(step.body.length === 0);
  const bodyId = useId();
  const blocks = step.body.length;
  return (
    <div className="space-y-3">
      <TextField label="Subject" maxLength={EMAIL_LIMITS.subjectMax} value={step.subject} onChange={(event) => onChange({ ...step, subject: event.target.value })} error={errorAt(errors, 'subject')} />
      <TextField
        label="Preview text"
        hint="Shown after the subject in most inboxes."
        maxLength={EMAIL_LIMITS.previewTextMax}
        value={step.previewText}
        onChange={(event) => onChange({ ...step, previewText: event.target.value })}
        error={errorAt(errors, 'previewText')}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" className="min-h-10" aria-expanded={open || bodyErrors !== undefined} aria-controls={bodyId} onClick={() => setOpen(!open)}>
          {open ? 'Hide the email’s content' : 'Edit the email’s content'}
        </Button>
        <p className="text-sm text-slate-600">{blocks === 0 ? 'No content yet: add a block before going live.' : `${blocks} ${blocks === 1 ? 'block' : 'blocks'}`}</p>
      </div>
      {open || bodyErrors !== undefined ? (
        <div id={bodyId} className="rounded-xl bg-slate-50 p-2 sm:p-3">
          {renderBody ? (
            <Suspense fallback={<Spinner label="Loading the email editor" />}>
              {renderBody({ blocks: step.body, onChange: (body) => onChange({ ...step, body }), errors: bodyErrors, products })}
            </Suspense>
          ) : (
            <p className="text-sm text-slate-600">The email editor is not available here.</p>
          )}
        </div>
      ) : null}
      <StepTestSend stepId={step.id} />
    </div>
  );
}
