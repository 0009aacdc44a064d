import type { Store } from '@shopfront/core';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useActiveStore } from '#src/lib/active-store.ts';
import { useAutomation, useAutomationProducts } from '../api/automations-api.ts';
import { AUTOMATION_PATHS } from '../lib/automation-paths.ts';
import { AutomationEditor } from './automation-editor.tsx';
import { EmailBodyEditorContext, type EmailBodyEditor, type EmailBodyEditorProps } from './email-body-editor.tsx';

/**
 * /dashboard/email/automations/:automationId. `EmailBodyEditor` is the campaign block editor,
 * handed in by the dashboard (lazily loaded there) for the email steps' content.
 */
export function AutomationScreen({ automationId, EmailBodyEditor }: { automationId: string; EmailBodyEditor: EmailBodyEditor | null }) {
  const { store, isPending, isError, error, refetch } = useActiveStore();
  const renderBody = useCallback((props: EmailBodyEditorProps) => (EmailBodyEditor ? <EmailBodyEditor {...props} /> : null), [EmailBodyEditor]);
  if (isPending) return <Spinner label="Loading your store" />;
  if (isError) return <LoadError title="Your store could not load" error={error} onRetry={() => void refetch()} />;
  if (!store) return <p className="rounded-2xl bg-white p-8 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">Create a store first; then automate its email here.</p>;
  return (
    <EmailBodyEditorContext value={EmailBodyEditor ? renderBody : null}>
      <StoreAutomation key={`${store.id}:${automationId}`} store={store} automationId={automationId} />
    </EmailBodyEditorContext>
  );
}

function StoreAutomation({ store, automationId }: { store: Store; automationId: string }) {
  const automation = useAutomation(store.id, automationId);
  const products = useAutomationProducts(store.id);

  if (automation.isPending || products.isPending) return <Spinner label="Loading the automation" />;
  if (automation.isError || products.isError) {
    return (
      <div className="space-y-4">
        <LoadError title="The automation could not load" error={automation.error ?? products.error} onRetry={() => void (automation.isError ? automation.refetch() : products.refetch())} />
        <Link to={AUTOMATION_PATHS.list} className="inline-flex min-h-10 items-center text-sm font-semibold text-slate-600 hover:text-slate-900">
          ← All automations
        </Link>
      </div>
    );
  }
  const { automation: current, stats } = automation.data;
  return <AutomationEditor key={current.id} store={store} automation={current} stats={stats} products={products.data.products} currency={products.data.currency} />;
}
