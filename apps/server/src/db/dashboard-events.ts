/**
 * The channel every server LISTENs on to drop the dashboard answers it keeps in memory
 * (http/callable/answer-cache.ts). Unlike `storefront_changed` the domain never sends it: triggers
 * on the tables those answers read do (migration `0029_dashboard_changed`), so every writer is
 * covered. Payloads: a store id (anything of that store may have changed), `analytics:<storeId>`
 * (only its analytics rollups did), or '' (anything of any store: a TRUNCATE).
 */
export const DASHBOARD_CHANGED_CHANNEL = 'dashboard_changed';

/** The prefix of a payload that names a store whose analytics rollups changed. */
export const ANALYTICS_CHANGED_PREFIX = 'analytics:';
