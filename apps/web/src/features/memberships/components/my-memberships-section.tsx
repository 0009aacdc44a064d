import type { MyMembership } from '@shopfront/core';
import { useState } from 'react';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { Alert } from '#src/components/ui/alert.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useMyMembershipFiles } from '../api/my-membership-files-api.ts';
import { PENDING_POLL_MS, useMyMemberships, useOpenBillingPortal, useResumeMyMembership, useUnpauseMyMembership } from '../api/my-memberships-api.ts';
import { formatDay } from '../lib/member-format.ts';
import { CancelMyMembershipDialog } from './cancel-my-membership-dialog.tsx';
import { ChangeTierDialog } from './change-tier-dialog.tsx';
import { MyMembershipCard, type MembershipAction } from './my-membership-card.tsx';
import { MyMembershipFiles } from './my-membership-files.tsx';
import { PauseMyMembershipDialog } from './pause-my-membership-dialog.tsx';
import { UpdateCardDialog } from './update-card-dialog.tsx';

export const NO_MEMBERSHIPS_TEXT = 'You have no memberships at this store yet.';

type Direct = 'resume' | 'unpause' | 'billing';

/** Where "Manage billing" sends the member (Stripe's portal); tests replace it. */
export const portalBrowser = { assign: (url: string) => window.location.assign(url) };

/**
 * The members area's memberships. "Change tier" offers each membership's other tiers (from its
 * own answer); "Pause" shows on tiers whose creator allows it. Resuming (a cancellation or a
 * pause) needs no confirmation: it only gives back what the member had. "Manage billing" opens
 * Stripe's customer portal for a Stripe membership. While a request waits for Stripe, the list is
 * asked again every `pollMs` until it lands.
 */
export function MyMembershipsSection({ storeId, storeHref, pollMs = PENDING_POLL_MS }: { storeId: string; storeHref: string; pollMs?: number }) {
  const list = useMyMemberships(storeId, pollMs);
  const files = useMyMembershipFiles(storeId);
  const portal = useOpenBillingPortal(storeId);
  const resume = useResumeMyMembership(storeId);
  const unpause = useUnpauseMyMembership(storeId);
  const [open, setOpen] = useState<{ action: Exclude<MembershipAction, Direct>; membership: MyMembership } | null>(null);
  const opened = (action: MembershipAction) => (open?.action === action ? open.membership : null);
  const close = () => setOpen(null);

  if (list.isPending) return <Spinner label="Loading your memberships" />;
  if (list.isError) return <LoadError title="Your memberships could not load" error={list.error} onRetry={() => void list.refetch()} />;
  const { memberships } = list.data;
  if (memberships.length === 0) return <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">{NO_MEMBERSHIPS_TEXT}</p>;

  const resumed = ({ membership: back }: { membership: MyMembership }) => toast.success(`Resumed. ${back.nextCharge ? `Your next charge is on ${formatDay(back.nextCharge.at)}.` : ''}`.trim());
  const onAction = (membership: MyMembership) => (action: MembershipAction) => {
    if (action === 'resume') return resume.mutate(membership.id, { onSuccess: resumed });
    if (action === 'unpause') return unpause.mutate(membership.id, { onSuccess: resumed });
    if (action === 'billing') return portal.mutate(membership.id, { onSuccess: ({ url }) => portalBrowser.assign(url) });
    setOpen({ action, membership });
  };
  const busy = (id: string) => (resume.isPending && resume.variables === id) || (unpause.isPending && unpause.variables === id);
  const changing = opened('change');
  return (
    <section className="space-y-4" aria-label="Your memberships">
      {resume.isError ? <Alert>{errorMessage(resume.error)}</Alert> : null}
      {unpause.isError ? <Alert>{errorMessage(unpause.error)}</Alert> : null}
      {portal.isError ? <Alert>{errorMessage(portal.error)}</Alert> : null}
      {memberships.map((membership) => (
        <MyMembershipCard
          key={membership.id}
          membership={membership}
          storeHref={storeHref}
          resuming={busy(membership.id)}
          openingBilling={(portal.isPending || portal.isSuccess) && portal.variables === membership.id}
          onAction={onAction(membership)}
        >
          <TierFiles entry={files.data?.memberships.find((entry) => entry.membershipId === membership.id)} failed={files.isError} onRetry={() => void files.refetch()} />
        </MyMembershipCard>
      ))}
      <CancelMyMembershipDialog storeId={storeId} membership={opened('cancel')} onClose={close} />
      <UpdateCardDialog storeId={storeId} membership={opened('card')} onClose={close} />
      <PauseMyMembershipDialog storeId={storeId} membership={opened('pause')} onClose={close} />
      <ChangeTierDialog storeId={storeId} membership={changing} onClose={close} />
    </section>
  );
}

/** A membership's files, or (when the list could not load) a retry; nothing for a tier without files. */
function TierFiles({ entry, failed, onRetry }: { entry: Parameters<typeof MyMembershipFiles>[0] | undefined; failed: boolean; onRetry: () => void }) {
  if (failed) {
    return (
      <p className="mt-4 text-sm text-red-700">
        Your files could not load.{' '}
        <button type="button" className="min-h-11 font-semibold underline" onClick={onRetry}>
          Try again
        </button>
      </p>
    );
  }
  return entry ? <MyMembershipFiles access={entry.access} files={entry.files} /> : null;
}
