import type { HandlerRegistry } from '../types.ts';
import { cancelMyMembership } from './cancel-my-membership.ts';
import { changeMyMembershipTier } from './change-my-membership-tier.ts';
import { listMyMembershipFiles } from './list-my-membership-files.ts';
import { listMyMemberships } from './list-my-memberships.ts';
import { openMembershipBillingPortal } from './open-membership-billing-portal.ts';
import { pauseMyMembership } from './pause-my-membership.ts';
import { previewMembershipChange } from './preview-membership-change.ts';
import { replaceMyMembershipCard } from './replace-my-membership-card.ts';
import { resumeMyMembership } from './resume-my-membership.ts';
import { startMembershipCheckout } from './start-membership-checkout.ts';
import { unpauseMyMembership } from './unpause-my-membership.ts';

/** Memberships from the member's side (joining, and the members area); ../index.ts spreads them into the registry. */
export const memberMembershipHandlers = {
  startMembershipCheckout,
  listMyMemberships,
  listMyMembershipFiles,
  cancelMyMembership,
  resumeMyMembership,
  pauseMyMembership,
  unpauseMyMembership,
  previewMembershipChange,
  changeMyMembershipTier,
  replaceMyMembershipCard,
  openMembershipBillingPortal,
} satisfies Partial<HandlerRegistry>;
