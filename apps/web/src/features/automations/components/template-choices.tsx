import { AUTOMATION_TEMPLATES, type Automation, type AutomationTemplate } from '@shopfront/core';
import { useNavigate } from 'react-router';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useSingleFlight } from '#src/lib/use-single-flight.ts';
import { useCreateAutomation, type CreateAutomationChoice } from '../api/automations-api.ts';
import { AUTOMATION_PATHS } from '../lib/automation-paths.ts';

export const TEMPLATE_TEXT: Record<AutomationTemplate, { title: string; description: string }> = {
  'lead-magnet-welcome': { title: 'Lead magnet welcome', description: 'Three emails a day apart for people who get your free product.' },
  'post-purchase': { title: 'After a purchase', description: 'A thank you, tips three days later, then a review request a week after.' },
  'abandoned-checkout': { title: 'Abandoned checkout', description: 'A reminder an hour after an unpaid checkout, and another the next day.' },
};

/** A draft from scratch starts on "joins your audience" with no steps; the editor changes both. */
const FROM_SCRATCH: CreateAutomationChoice = { name: 'New automation', trigger: { kind: 'joined', source: 'any', productId: null } };

/** The three templates and "Start from scratch"; each makes a draft and opens it. */
export function TemplateChoices({ storeId, disabled = false }: { storeId: string; disabled?: boolean }) {
  const navigate = useNavigate();
  const create = useCreateAutomation(storeId);
  const flight = useSingleFlight();
  const start = (choice: CreateAutomationChoice) =>
    void flight.run(async () => {
      const automation: Automation = await create.mutateAsync(choice);
      navigate(AUTOMATION_PATHS.automation(automation.id));
    }).catch(() => undefined);
  const busy = disabled || flight.running;
  const pendingTemplate = create.isPending && create.variables && 'template' in create.variables ? create.variables.template : null;

  return (
    <div className="space-y-4">
      {create.isError ? <Alert title="The automation was not created">{errorMessage(create.error)}</Alert> : null}
      <ul aria-label="Templates" className="grid gap-3 md:grid-cols-3">
        {AUTOMATION_TEMPLATES.map((template) => (
          <li key={template} className="flex flex-col rounded-xl bg-white p-4 ring-1 ring-slate-200">
            <h3 className="font-semibold text-slate-900">{TEMPLATE_TEXT[template].title}</h3>
            <p className="mt-1 flex-1 text-sm text-slate-600">{TEMPLATE_TEXT[template].description}</p>
            <Button variant="secondary" className="mt-4" disabled={busy} aria-busy={pendingTemplate === template} onClick={() => start({ template })} aria-label={`Use the ${TEMPLATE_TEXT[template].title} template`}>
              {pendingTemplate === template ? 'Creating…' : 'Use this template'}
            </Button>
          </li>
        ))}
      </ul>
      <Button variant="ghost" disabled={busy} onClick={() => start(FROM_SCRATCH)}>
        Start from scratch
      </Button>
    </div>
  );
}
