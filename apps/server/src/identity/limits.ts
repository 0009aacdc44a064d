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
/**
 * Wrong second-factor codes at sign-in, counted across challenges (SECURITY "Every guessable
 * secret"): per account and per client address in fixed windows, and consecutive failures over
 * any period (NIST 800-63B: at most 100, then the factor stays locked until a password reset).
 */
export const MFA_FAILURES_PER_ACCOUNT = 10;
export const MFA_ACCOUNT_WINDOW_MS = 15 * MINUTE_MS;
export const MFA_FAILURES_PER_IP = 30;
export const MFA_IP_WINDOW_MS = HOUR_MS;
export const MFA_CONSECUTIVE_FAILURES_MAX = 100;
/**
 * Wrong verification codes per (realm, email, purpose) and per address, across codes: a new
 * code resets its own 5 tries but not these.
 */
export const CODE_FAILURES_PER_EMAIL = 10;
export const CODE_FAILURES_EMAIL_WINDOW_MS = HOUR_MS;
export const CODE_FAILURES_PER_IP = 50;
export const CODE_FAILURES_IP_WINDOW_MS = HOUR_MS;
/** Refused sign-in links per email and per address (256-bit tokens: a backstop, not the defence). */
export const LINK_FAILURES_PER_EMAIL = 10;
export const LINK_FAILURES_EMAIL_WINDOW_MS = 15 * MINUTE_MS;
export const LINK_FAILURES_PER_IP = 50;
export const LINK_FAILURES_IP_WINDOW_MS = HOUR_MS;
/** Wrong TOTP codes while enrolling or disabling, per user. */
export const TOTP_FAILURES_PER_USER = 5;
export const TOTP_FAILURE_WINDOW_MS = 15 * MINUTE_MS;

/** Creators live in the platform realm; store customers get one realm per tenant (later issue). */
export const PLATFORM_REALM = 'platform';
