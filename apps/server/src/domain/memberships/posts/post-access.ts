// Exports judgePostAccess and upgradeTarget: the pure rules of who reads a post, and which tier opens it.
import type { MyMembershipPost } from '@shopfront/core';

export interface MemberStanding {
  membershipId: string;
  tierId: string;
  /** Whether its access lasts at `now` (membershipAccess, on the store's test clock for test memberships). */
  hasAccess: boolean;
  paused: boolean;
}

/**
 * How a member may read a post of a membership they hold (newest membership first): open when a
 * membership with access is on a tier the post names (or the post is for every tier); `upgrade`
 * when access lasts on another tier; `resume` when paused; otherwise `renew`.
 */
export function judgePostAccess(tierIds: readonly string[] | null, standings: readonly MemberStanding[]): { access: MyMembershipPost['access']; membershipId: string } | null {
  const reading = standings.find((one) => one.hasAccess && (tierIds === null || tierIds.includes(one.tierId)));
  if (reading) return { access: 'open', membershipId: reading.membershipId };
  const live = standings.find((one) => one.hasAccess);
  if (live) return { access: 'upgrade', membershipId: live.membershipId };
  const paused = standings.find((one) => one.paused);
  if (paused) return { access: 'resume', membershipId: paused.membershipId };
  const newest = standings[0];
  return newest ? { access: 'renew', membershipId: newest.membershipId } : null;
}

/** The first tier, in the creator's order, that the post names and that takes members. */
export function upgradeTarget(tierIds: readonly string[] | null, liveTiers: readonly { id: string; name: string }[]): { id: string; name: string } | null {
  if (tierIds === null) return null;
  const tier = liveTiers.find((one) => tierIds.includes(one.id));
  return tier ? { id: tier.id, name: tier.name } : null;
}
