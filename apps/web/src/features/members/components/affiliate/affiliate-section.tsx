import { isAppError } from '@shopfront/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useMyAffiliate } from '#src/features/members/api/affiliate-api.ts';
import { customerSessionQueryKey } from '#src/features/members/hooks/use-customer-session.ts';
import { AffiliateLedger } from './affiliate-ledger.tsx';
import { AffiliateLinks } from './affiliate-links.tsx';
import { AffiliateTerms } from './affiliate-terms.tsx';

export const AFFILIATE_TEXT = {
  noProgram: 'This store has no affiliate program right now.',
  pending: 'Your application is waiting for the creator’s approval.',
  paused: 'Your affiliate account is paused',
  removed: 'You are no longer an affiliate of this store',
  programOff: 'The affiliate program is closed right now',
  loadFailed: 'Your affiliate account could not load',
} as const;

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="status" className="sf-members-item rounded-2xl bg-white p-6 text-center ring-1 ring-slate-200">
      <p className="text-lg font-semibold text-slate-900">{title}</p>
      <div className="mt-1 text-sm text-slate-600">{children}</div>
    </div>
  );
}

/**
 * The members area's affiliate page body (docs/affiliates.md "The affiliate"): the program's terms
 * and Apply; the application waiting for approval; a paused or removed account's notice; an
 * active affiliate's links, results and earnings.
 */
export function AffiliateSection({ storeId, storeName, storeHref }: { storeId: string; storeName: string; storeHref: string }) {
  const query = useMyAffiliate(storeId);
  const queryClient = useQueryClient();
  const sessionEnded = isAppError(query.error) && query.error.code === 'unauthenticated';
  useEffect(() => {
    // The session ended elsewhere (signed out, password reset): the guard sends them to sign in.
    if (sessionEnded) queryClient.setQueryData(customerSessionQueryKey(storeId), null);
  }, [sessionEnded, queryClient, storeId]);

  if (query.isPending) {
    return (
      <div role="status" aria-busy="true" className="space-y-3">
        <span className="sr-only">Loading your affiliate account</span>
        {[0, 1, 2].map((row) => (
          <div key={row} aria-hidden="true" className="sf-members-item h-20 animate-pulse rounded-2xl bg-white ring-1 ring-slate-200" />
        ))}
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <Alert title={AFFILIATE_TEXT.loadFailed}>
        {errorMessage(query.error)}{' '}
        <button type="button" onClick={() => void query.refetch()} className="font-semibold underline">
          Try again
        </button>
      </Alert>
    );
  }

  const { program, affiliate } = query.data;
  const refreshFailed = query.isRefetchError ? (
    <Alert tone="warning">
      This page could not be refreshed. {errorMessage(query.error)}{' '}
      <Button variant="ghost" className="min-h-0 px-1 py-0 underline" onClick={() => void query.refetch()}>
        Try again
      </Button>
    </Alert>
  ) : null;

  if (!affiliate) {
    if (!program?.enabled) {
      return (
        <Notice title={AFFILIATE_TEXT.noProgram}>
          <a href={storeHref} className="sf-members-link inline-flex min-h-11 items-center rounded-md px-1">
            Back to {storeName}
          </a>
        </Notice>
      );
    }
    return (
      <>
        {refreshFailed}
        <AffiliateTerms storeId={storeId} storeName={storeName} program={program} />
      </>
    );
  }

  if (affiliate.status === 'pending') {
    return (
      <Notice title={AFFILIATE_TEXT.pending}>
        <p>You’ll get your referral links here once {storeName} approves it. Come back to this page any time.</p>
      </Notice>
    );
  }

  return (
    <div className="space-y-8">
      {refreshFailed}
      {affiliate.status === 'paused' ? (
        <Alert tone="warning" title={AFFILIATE_TEXT.paused}>
          The creator paused your account: your links don’t earn commissions for now. What you already earned is still yours.
        </Alert>
      ) : affiliate.status === 'removed' ? (
        <Alert tone="warning" title={AFFILIATE_TEXT.removed}>
          The creator removed your affiliate account: your links no longer earn commissions. Your earnings and payouts so far are below.
        </Alert>
      ) : program && !program.enabled ? (
        <Alert tone="warning" title={AFFILIATE_TEXT.programOff}>
          {storeName} has paused its affiliate program: new sales through your links don’t earn commissions until it reopens.
        </Alert>
      ) : null}
      {affiliate.status === 'active' ? (
        <AffiliateLinks affiliate={affiliate} storeName={storeName} storePercent={program?.commissionPercent ?? null} windowDays={program?.windowDays ?? null} />
      ) : null}
      <AffiliateLedger affiliate={affiliate} />
    </div>
  );
}
