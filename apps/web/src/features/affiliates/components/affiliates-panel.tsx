import type { AffiliateAction, AffiliateProgram, AffiliateSummary, Store } from '@shopfront/core';
import { useState } from 'react';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { Alert } from '#src/components/ui/alert.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useAffiliates, useUpdateAffiliateStatus } from '../api/affiliates-api.ts';
import { plural } from '../lib/format.ts';
import { AffiliatesEmpty, ProgramSummary } from './program-summary.tsx';
import { AffiliatesTable } from './affiliates-table.tsx';
import { Card } from './card.tsx';
import { InviteCard } from './invite-card.tsx';
import { MarkPaidDialog } from './mark-paid-dialog.tsx';
import { WithActiveStore, WithProgram } from './store-gates.tsx';

/** The Affiliates tab: who they are, how they do, what they are owed; approve, pause, remove, pay, invite. */
export function AffiliatesPanel() {
  return <WithActiveStore>{(store) => <WithProgram storeId={store.id}>{(program) => <StoreAffiliates key={store.id} store={store} program={program} />}</WithProgram>}</WithActiveStore>;
}

type Confirming = { affiliate: AffiliateSummary; action: 'pause' | 'remove' };

const DONE: Record<AffiliateAction, (name: string) => string> = {
  approve: (name) => `${name} is approved and can share their links.`,
  pause: (name) => `${name} is paused.`,
  resume: (name) => `${name} is active again.`,
  remove: (name) => `${name} was removed.`,
};

function StoreAffiliates({ store, program }: { store: Store; program: AffiliateProgram }) {
  const list = useAffiliates(store.id);
  const status = useUpdateAffiliateStatus(store.id);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [paying, setPaying] = useState<AffiliateSummary | null>(null);

  const run = (affiliate: AffiliateSummary, action: AffiliateAction, onDone?: () => void) =>
    status.mutate(
      { affiliateId: affiliate.id, action },
      {
        onSuccess: () => {
          toast.success(DONE[action](affiliate.name || affiliate.email));
          onDone?.();
        },
      },
    );
  const onAction = (affiliate: AffiliateSummary, action: AffiliateAction) => {
    status.reset();
    if (action === 'pause' || action === 'remove') setConfirming({ affiliate, action });
    else run(affiliate, action);
  };
  const closeConfirm = () => {
    status.reset();
    setConfirming(null);
  };

  const affiliates = list.data?.affiliates ?? [];
  return (
    <div className="space-y-6">
      <ProgramSummary program={program} />
      {list.isPending ? (
        <Spinner label="Loading affiliates" />
      ) : list.isError ? (
        <LoadError title="Affiliates could not load" error={list.error} onRetry={() => void list.refetch()} />
      ) : affiliates.length === 0 ? (
        <AffiliatesEmpty store={store} program={program} />
      ) : (
        <Card title="Affiliates" description={`${plural(affiliates.length, 'affiliate', 'affiliates')}. Money is in ${program.currency}; other currencies are in the Commissions tab.`}>
          {status.isError && !confirming ? <Alert className="mx-4 mb-4 sm:mx-5">{errorMessage(status.error)}</Alert> : null}
          <AffiliatesTable affiliates={affiliates} busy={list.isFetching} meta={{ onAction, onPay: setPaying, busyId: status.isPending ? (status.variables?.affiliateId ?? null) : null }} />
        </Card>
      )}
      {list.data ? <InviteCard storeId={store.id} invites={list.data.invites} /> : null}

      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? `${confirming.action === 'pause' ? 'Pause' : 'Remove'} ${confirming.affiliate.name || confirming.affiliate.email}?` : ''}
        description={
          confirming?.action === 'remove'
            ? 'Their code stops counting for good. What they earned stays in the ledger, and anything payable can still be marked paid.'
            : 'Their links stop earning until you resume them. What they earned so far stays theirs.'
        }
        confirmLabel={confirming?.action === 'remove' ? 'Remove affiliate' : 'Pause affiliate'}
        pendingLabel={confirming?.action === 'remove' ? 'Removing…' : 'Pausing…'}
        pending={status.isPending}
        error={status.isError && confirming ? errorMessage(status.error) : null}
        onConfirm={() => confirming && run(confirming.affiliate, confirming.action, () => setConfirming(null))}
        onClose={closeConfirm}
      />
      <MarkPaidDialog storeId={store.id} affiliate={paying} onClose={() => setPaying(null)} />
    </div>
  );
}
