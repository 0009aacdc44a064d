import type { FeatureFlags } from './functions/system.ts';

/** Spec §9 business constants and limits. */
export const VERIFICATION_CODE_LENGTH = 6;
export const RESEND_COOLDOWN_MS = 60_000;

export const SIGNUP_SUCCESS_REDIRECT_MS = 2_000;
export const SIGNUP_STORE_ERROR_REDIRECT_MS = 3_000;
export const RESET_SUCCESS_REDIRECT_MS = 3_000;

export const SLUG_MIN_LENGTH = 2;
export const SLUG_MAX_LENGTH = 50;
export const SLUG_CHECK_DEBOUNCE_MS = 300;

export const PASSWORD_MIN_LENGTH = 6;
/** SECURITY.md: "maximum at least 128, no truncation". */
export const PASSWORD_MAX_LENGTH = 128;

/** Spec §5/§9: "under 100" and "under 500" characters. */
export const STORE_NAME_MAX_LENGTH = 99;
export const STORE_DESCRIPTION_MAX_LENGTH = 499;
/** Ours: first and last names follow the store name's limit. */
export const PERSON_NAME_MAX_LENGTH = 99;
/** RFC 5321 path limit. */
export const EMAIL_MAX_LENGTH = 254;

export const AUDIT_LOG_DEFAULT_LIMIT = 50;

/**
 * Ours: the days a date filter (analytics periods, the orders list) may name. Nothing was sold
 * before, and PostgreSQL has no year 0, so `0000-01-01` would otherwise fail in the query.
 */
export const QUERY_DAY_BOUNDS = Object.freeze({ min: '2000-01-01', max: '9999-12-31' });
export const QUERY_DAY_OUT_OF_RANGE = `Dates must be between ${QUERY_DAY_BOUNDS.min} and ${QUERY_DAY_BOUNDS.max}.`;

export const FUNCTIONS_REGION = 'us-central1';
export const FUNCTION_TIMEOUT_MS = 70_000;

export const AUTH_POPUP_SIZE = Object.freeze({ width: 500, height: 600 });

export const AFFILIATE_FINGERPRINT_LENGTH = 16;

/** Spec §1/§3: mocha-mood is implemented, neon-pulse is not yet. */
export const THEMES = ['mocha-mood', 'neon-pulse'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'mocha-mood';

/** Spec §3 admin/feature_flags defaults. */
export const DEFAULT_FEATURE_FLAGS: Readonly<FeatureFlags> = Object.freeze({
  websiteBuilder: false,
  affiliateProgram: true,
  advancedAnalytics: false,
  multiStore: true,
  customDomains: false,
});

export interface MaintenanceState {
  maintenanceMode: boolean;
  allowSignups: boolean;
  maintenanceMessage: string;
}

/** Spec §9: maintenance off and signups allowed by default; the spec does not show the message. */
export const DEFAULT_MAINTENANCE: Readonly<MaintenanceState> = Object.freeze({
  maintenanceMode: false,
  allowSignups: true,
  maintenanceMessage: "We're making a few improvements and will be back shortly. Thanks for your patience!",
});
