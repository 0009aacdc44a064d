/**
 * Identity limits (SECURITY "Codes, passwords, sign-in", "Sessions and the browser"). Windows are
 * fixed (rate_limits rows keyed by window start), shared by every app server through the database.
 */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export const CODE_TTL_MS = 10 * MINUTE_MS;
export const CODE_MAX_ATTEMPTS = 5;
/** Spec §9: resend cooldown 60 s. */
export const CODE_SEND_COOLDOWN_MS = 60_000;
export const CODE_SENDS_PER_EMAIL_PER_DAY = 10;
export const CODE_SENDS_PER_IP_PER_HOUR = 30;
/** signUp succeeds only for an email verified within the last 30 minutes. */
export const SIGNUP_VERIFICATION_TTL_MS = 30 * MINUTE_MS;

export const SIGN_IN_FAILURES_PER_ACCOUNT = 5;
export const SIGN_IN_ACCOUNT_WINDOW_MS = 15 * MINUTE_MS;
export const SIGN_IN_FAILURES_PER_IP = 50;
export const SIGN_IN_IP_WINDOW_MS = HOUR_MS;

export const SESSION_TTL_MS = 30 * DAY_MS;

export const EMAIL_LINK_TTL_MS = 15 * MINUTE_MS;
export const MFA_TOKEN_TTL_MS = 5 * MINUTE_MS;
export const MFA_TOKEN_MAX_ATTEMPTS = 5;
/** Wrong TOTP codes while enrolling or disabling, per user. */
export const TOTP_FAILURES_PER_USER = 5;
export const TOTP_FAILURE_WINDOW_MS = 15 * MINUTE_MS;

/** Creators live in the platform realm; store customers get one realm per tenant (later issue). */
export const PLATFORM_REALM = 'platform';
