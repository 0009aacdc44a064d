/** Where automations live in the dashboard (the mode's routes mount them at these paths). */
export const AUTOMATION_PATHS = {
  list: '/dashboard/email?tab=automations',
  automation: (automationId: string) => `/dashboard/email/automations/${encodeURIComponent(automationId)}`,
} as const;
