import type { HandlerRegistry } from '../types.ts';
import { archiveMembershipTier } from './archive-membership-tier.ts';
import { cancelMember } from './cancel-member.ts';
import { createMembershipTier } from './create-membership-tier.ts';
import { exportMembersCsv } from './export-members-csv.ts';
import { getMembershipMetrics } from './get-membership-metrics.ts';
import { listMembers } from './list-members.ts';
import { listMembershipTiers } from './list-membership-tiers.ts';
import { moveTierMembersToCurrentPrice } from './move-tier-members-to-current-price.ts';
import { refundMemberLastPayment } from './refund-member-last-payment.ts';
import { reorderMembershipTiers } from './reorder-membership-tiers.ts';
import { setMembershipTierCourses } from './set-membership-tier-courses.ts';
import { setMembershipTierFiles } from './set-membership-tier-files.ts';
import { updateMembershipTier } from './update-membership-tier.ts';

/** A membership's tiers and members, from the creator's side; ../index.ts spreads them into the registry. */
export const membershipHandlers = {
  listMembershipTiers,
  createMembershipTier,
  updateMembershipTier,
  reorderMembershipTiers,
  archiveMembershipTier,
  setMembershipTierCourses,
  setMembershipTierFiles,
  moveTierMembersToCurrentPrice,
  listMembers,
  exportMembersCsv,
  cancelMember,
  refundMemberLastPayment,
  getMembershipMetrics,
} satisfies Partial<HandlerRegistry>;
