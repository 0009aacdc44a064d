import { AUTOMATION_LIMITS, AUTOMATION_MESSAGES, type Automation, type AutomationStepStats, type Product, type Store } from '@shopfront/core';
import { useEffect, useRef, useState, type BaseSyntheticEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useBlocker } from '#src/lib/router/app-router.tsx';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useSingleFlight } from '#src/lib/use-single-flight.ts';
import { useUpdateAutomation, type AutomationDefinition } from '../api/automations-api.ts';
import { automationFormResolver, automationToForm, incompleteEmails } from '../lib/automation-form.ts';
import { AUTOMATION_PATHS } from '../lib/automation-paths.ts';
import { statsByStep } from '../lib/step-stats.ts';
import { productTitles, triggerInWords } from '../lib/trigger-words.ts';
import { AutomationStatusBadge } from './automation-status-badge.tsx';
import { DeleteAutomation } from './delete-automation.tsx';
import { StatusControls } from './status-controls.tsx';
import { StepList } from './step-list.tsx';
import { StepTestSendContext } from './step-test-send.tsx';
import { TriggerFields } from './trigger-fields.tsx';

interface AutomationEditorProps {
  store: Store;
  automation: Automation;
  stats: readonly AutomationStepStats[];
  products: readonly Product[];
  currency: string;
}

/** Refusals that belong to one field; any other shows above the form and as a toast. */
const FIELD_OF: Partial<Record<string, 'steps' | 'name' | 'trigger.productId'>> = {
  [AUTOMATION_MESSAGES.tooManySteps]: 'steps',
  [AUTOMATION_MESSAGES.membershipTriggerProduct]: 'trigger.productId',
};

/**
 * The trigger on top, then the steps top to bottom, each edited in place with its numbers; saved
 * with updateAutomation. Leaving with unsaved changes asks first.
 */
export function AutomationEditor({ store, automation, stats, products, currency }: AutomationEditorProps) {
  const update = useUpdateAutomation(store.id);
  const form = useForm<AutomationDefinition>({ resolver: automationFormResolver, mode: 'onTouched', defaultValues: automationToForm(automation) });
  const { register, handleSubmit, control, reset, setError, formState } = form;
  const flight = useSingleFlight();
  const [serverError, setServerError] = useState<string | null>(null);
  const dirty = formState.isDirty;
  const leaving = useRef(false);
  const navigate = useNavigate();

  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const values = useWatch({ control }) as AutomationDefinition;
  const titles = productTitles(products);
  const triggerWords = triggerInWords(values.trigger ?? automation.trigger, titles);
  const steps = values.steps ?? [];

  /** Saves; answers whether it did (a refusal is shown at its field, or above the form and as a toast). */
  const save = async (event?: BaseSyntheticEvent): Promise<boolean> => {
    event?.preventDefault();
    let saved = false;
    await flight.run(() =>
      handleSubmit(async (definition) => {
        setServerError(null);
        try {
          const result = await update.mutateAsync({ automationId: automation.id, definition });
          reset(automationToForm(result));
          saved = true;
          toast.success('Automation saved.');
        } catch (error) {
          const message = errorMessage(error);
          const field = FIELD_OF[message];
          if (field) setError(field, { type: 'server', message });
          else {
            setServerError(message);
            toast.error(message, { title: 'Not saved' });
          }
        }
      })(event),
    );
    return saved;
  };
  const busy = flight.running;

  return (
    <>
      <form noValidate onSubmit={(event) => void save(event)} aria-labelledby="automation-title" className="mx-auto max-w-3xl space-y-5 pb-28">
        <div className="space-y-3">
          <Link to={AUTOMATION_PATHS.list} className="inline-flex min-h-10 items-center text-sm font-semibold text-slate-600 hover:text-slate-900">
            ← All automations
          </Link>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <h2 id="automation-title" className="min-w-0 break-words text-xl font-semibold text-slate-900">
                {automation.name}
              </h2>
              <AutomationStatusBadge status={automation.status} />
            </div>
            <div className="flex flex-wrap gap-2">
              <StatusControls
                storeId={store.id}
                automation={automation}
                triggerWords={triggerWords}
                stepCount={steps.length}
                incomplete={incompleteEmails(steps)}
                saveFirst={dirty ? () => save() : null}
                disabled={busy}
              />
              <DeleteAutomation
                storeId={store.id}
                automation={automation}
                waiting={stats.reduce((sum, step) => sum + step.waiting, 0)}
                disabled={busy}
                onDeleted={() => {
                  // Unsaved edits of a deleted automation have nowhere to go.
                  leaving.current = true;
                  void navigate(AUTOMATION_PATHS.list);
                }}
              />
            </div>
          </div>
        </div>
        {automation.status === 'live' ? (
          <Alert tone="info" title="This automation is live">
            Edits you save apply to people already in it: each stays at their step and gets the new content.
          </Alert>
        ) : null}
        {automation.status === 'paused' ? (
          <Alert tone="warning" title="This automation is paused">
            Nobody new enters and contacts in it wait at their step until you resume.
          </Alert>
        ) : null}
        {serverError ? <Alert title="Not saved">{serverError}</Alert> : null}

        <section aria-labelledby="automation-trigger-title" className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
          <div>
            <h3 id="automation-trigger-title" className="text-base font-semibold text-slate-900">
              Trigger
            </h3>
            <p className="text-sm text-slate-600">{triggerWords}</p>
          </div>
          <TextField label="Name" hint="Only you see it." maxLength={AUTOMATION_LIMITS.nameMax} error={formState.errors.name?.message} {...register('name')} />
          <Controller control={control} name="trigger" render={({ field }) => <TriggerFields trigger={field.value} onChange={field.onChange} errors={formState.errors.trigger} products={products} storeId={store.id} />} />
        </section>

        <section aria-labelledby="automation-steps-title">
          <h3 id="automation-steps-title" tabIndex={-1} className="sr-only">
            Steps
          </h3>
          <StepTestSendContext value={{ storeId: store.id, automationId: automation.id, saved: !dirty }}>
            <Controller
              control={control}
              name="steps"
              render={({ field }) => (
                <StepList steps={field.value} onChange={field.onChange} errors={formState.errors.steps} numbers={statsByStep(stats)} products={products} titles={titles} currency={currency} />
              )}
            />
          </StepTestSendContext>
        </section>

        <div className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur lg:sticky lg:rounded-2xl lg:border lg:shadow-sm">
          <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-2">
            <p aria-live="polite" className="min-w-0 flex-1 text-sm text-slate-600">
              {busy ? 'Saving…' : dirty ? 'You have unsaved changes' : 'Saved'}
            </p>
            <Button type="submit" disabled={busy} aria-busy={busy}>
              {busy ? 'Saving…' : 'Save changes'}
            </Button>
          </div>
        </div>
      </form>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        description="You have unsaved changes to this automation. If you leave now, they are lost."
        confirmLabel="Leave without saving"
        pendingLabel="Leaving…"
        pending={false}
        onConfirm={() => {
          leaving.current = true;
          blocker.proceed?.();
        }}
        onClose={() => blocker.reset?.()}
      />
    </>
  );
}
