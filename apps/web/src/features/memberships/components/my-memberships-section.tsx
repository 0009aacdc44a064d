import type { MyMembership } from '@shopfront/core';
import { useState } from 'react';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { Alert } from '#src/components/ui/alert.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useMyMemberships, useResumeMyMembership } from '../api/my-memberships-api.ts';
import { formatDay } from '../lib/member-format.ts';
import { CancelMyMembershipDialog } from './cancel-my-membership-dialog.tsx';
import { ChangeTierDialog, type TierOption } from './change-tier-dialog.tsx';
import { MyMembershipCard, type MembershipAction } from './my-membership-card.tsx';
import { UpdateCardDialog } from './update-card-dialog.tsx';

export const NO_MEMBERSHIPS_TEXT = 'You have no memberships at this store yet.';

/**
 * The members area's memberships. `tiersOf` names the other tiers a membership can move to;
 * without it (nothing public lists a product's tiers yet) "Change tier" is not offered.
 */
export function MyMembershipsSection({ storeId, storeHref, tiersOf }: { storeId: string; storeHref: string; tiersOf?: (productId: string) => TierOption[] }) {
  const list = useMyMemberships(storeId);
  const resume = useResumeMyMembership(storeId);
  const [open, setOpen] = useState<{ action: Exclude<MembershipAction, 'resume'>; membership: MyMembership } | null>(null);
  const opened = (action: MembershipAction) => (open?.action === action ? open.membership : null);
  const close = () => setOpen(null);

  if (list.isPending) return <Spinner label="Loading your memberships" />;
  if (list.isError) return <LoadError title="Your memberships could not load" error={list.error} onRetry={() => void list.refetch()} />;
  const { memberships } = list.data;
  if (memberships.length === 0) return <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">{NO_MEMBERSHIPS_TEXT}</p>;

  const onAction = (membership: MyMembership) => (action: MembershipAction) => {
    if (action !== 'resume') return setOpen({ action, membership });
    resume.mutate(membership.id, { onSuccess: ({ membership: resumed }) => toast.success(`Resumed. ${resumed.nextCharge ? `Your next charge is on ${formatDay(resumed.nextCharge.at)}.` : ''}`.trim()) });
  };
  const changing = opened('change');
  return (
    <section className="space-y-4" aria-label="Your memberships">
      {resume.isError ? <Alert>{errorMessage(resume.error)}</Alert> : null}
      {memberships.map((membership) => (
        <MyMembershipCard
          key={membership.id}
          membership={membership}
          storeHref={storeHref}
          canChangeTier={(tiersOf?.(membership.productId) ?? []).some((tier) => tier.id !== membership.tier.id)}
          resuming={resume.isPending && resume.variables === membership.id}
          onAction={onAction(membership)}
        />
      ))}
      <CancelMyMembershipDialog storeId={storeId} membership={opened('cancel')} onClose={close} />
      <UpdateCardDialog storeId={storeId} membership={opened('card')} onClose={close} />
      <ChangeTierDialog storeId={storeId} membership={changing} tiers={changing ? (tiersOf?.(changing.productId) ?? []) : []} onClose={close} />
    </section>
  );
}
