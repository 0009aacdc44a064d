import { AUTOMATION_LIMITS, AUTOMATION_MESSAGES, type AutomationListItem, type Store } from '@shopfront/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useActiveStore } from '#src/lib/active-store.ts';
import { useAutomationProducts, useAutomations } from '../api/automations-api.ts';
import { AUTOMATION_PATHS } from '../lib/automation-paths.ts';
import { productTitles, triggerInWords } from '../lib/trigger-words.ts';
import { AutomationStatusBadge } from './automation-status-badge.tsx';
import { DeleteAutomation } from './delete-automation.tsx';
import { TemplateChoices } from './template-choices.tsx';

export const EMPTY_AUTOMATIONS_TEXT = 'No automations yet. Start from one of these and change anything you like:';

/** The Automations tab of /dashboard/email: every automation of the active store. */
export function AutomationsPanel() {
  const { store, isPending, isError, error, refetch } = useActiveStore();
  if (isPending) return <Spinner label="Loading your store" />;
  if (isError) return <LoadError title="Your store could not load" error={error} onRetry={() => void refetch()} />;
  if (!store) return <p className="rounded-2xl bg-white p-8 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">Create a store first; its automations will appear here.</p>;
  return <AutomationsList key={store.id} store={store} />;
}

function AutomationsList({ store }: { store: Store }) {
  const automations = useAutomations(store.id);
  const products = useAutomationProducts(store.id);
  const [choosing, setChoosing] = useState(false);

  if (automations.isPending) return <Spinner label="Loading automations" />;
  if (automations.isError) return <LoadError title="Automations could not load" error={automations.error} onRetry={() => void automations.refetch()} />;
  const list = automations.data.automations;
  const full = list.length >= AUTOMATION_LIMITS.automationsPerStore;
  const titles = productTitles(products.data?.products ?? []);

  return (
    <section aria-labelledby="automations-title" className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="automations-title" className="text-lg font-semibold text-slate-900">
            Automations
          </h2>
          <p className="text-sm text-slate-600">Emails and tags that follow what each contact does, on their own.</p>
        </div>
        {list.length > 0 ? (
          <Button onClick={() => setChoosing(true)} disabled={full}>
            New automation
          </Button>
        ) : null}
      </div>
      {full ? (
        <Alert tone="info" title={AUTOMATION_MESSAGES.tooManyAutomations}>
          Change one of these, or delete one you no longer need (pause it first if it is live), to make room.
        </Alert>
      ) : null}
      {list.length === 0 ? (
        <div className="space-y-4 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:p-6">
          <p className="text-slate-700">{EMPTY_AUTOMATIONS_TEXT}</p>
          <TemplateChoices storeId={store.id} />
        </div>
      ) : (
        <ul aria-label="Automations, newest first" aria-busy={automations.isFetching} className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          {list.map((automation) => (
            <AutomationRow key={automation.id} storeId={store.id} automation={automation} trigger={triggerInWords(automation.trigger, titles)} />
          ))}
        </ul>
      )}
      <Dialog open={choosing} onClose={() => setChoosing(false)} title="New automation" description="Start from a template or from scratch. You can change everything after.">
        <TemplateChoices storeId={store.id} disabled={full} />
      </Dialog>
    </section>
  );
}

function AutomationRow({ storeId, automation, trigger }: { storeId: string; automation: AutomationListItem; trigger: string }) {
  const emails = automation.steps.filter((step) => step.type === 'email').length;
  const steps = automation.steps.length;
  const { entered, waiting } = automation.totals;
  return (
    <li className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={AUTOMATION_PATHS.automation(automation.id)} className="break-words font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
            {automation.name}
          </Link>
          <AutomationStatusBadge status={automation.status} />
        </div>
        <p className="text-sm text-slate-700">{trigger}</p>
      </div>
      <div className="text-sm text-slate-600 sm:text-right">
        <p>{steps === 0 ? 'No steps yet' : `${steps} ${steps === 1 ? 'step' : 'steps'} · ${emails} ${emails === 1 ? 'email' : 'emails'}`}</p>
        <p>
          {entered.toLocaleString()} entered · {waiting.toLocaleString()} waiting
        </p>
      </div>
      <DeleteAutomation storeId={storeId} automation={automation} waiting={waiting} />
    </li>
  );
}
