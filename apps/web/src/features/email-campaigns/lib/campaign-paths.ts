/** Where the campaigns live in the dashboard (the mode's routes mount them at these paths). */
export const CAMPAIGN_PATHS = {
  list: '/dashboard/email',
  audience: '/dashboard/email?tab=audience',
  campaign: (campaignId: string) => `/dashboard/email/campaigns/${encodeURIComponent(campaignId)}`,
  create: '/dashboard/email/campaigns/new',
  emailSettings: '/dashboard/settings#email',
} as const;
