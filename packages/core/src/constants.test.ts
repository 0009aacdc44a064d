import { describe, expect, it } from 'vitest';
import { FeatureFlagsSchema } from './functions/system.ts';
import * as C from './constants.ts';

describe('spec §9 constants', () => {
  it.each([
    ['VERIFICATION_CODE_LENGTH', 6],
    ['RESEND_COOLDOWN_MS', 60_000],
    ['SIGNUP_SUCCESS_REDIRECT_MS', 2_000],
    ['SIGNUP_STORE_ERROR_REDIRECT_MS', 3_000],
    ['RESET_SUCCESS_REDIRECT_MS', 3_000],
    ['SLUG_MIN_LENGTH', 2],
    ['SLUG_MAX_LENGTH', 50],
    ['SLUG_CHECK_DEBOUNCE_MS', 300],
    ['PASSWORD_MIN_LENGTH', 6],
    ['PASSWORD_MAX_LENGTH', 128],
    ['STORE_NAME_MAX_LENGTH', 99],
    ['STORE_DESCRIPTION_MAX_LENGTH', 499],
    ['AUDIT_LOG_DEFAULT_LIMIT', 50],
    ['FUNCTIONS_REGION', 'us-central1'],
    ['FUNCTION_TIMEOUT_MS', 70_000],
    ['AFFILIATE_FINGERPRINT_LENGTH', 16],
    ['DEFAULT_THEME', 'mocha-mood'],
  ] as const)('%s = %j', (name, value) => {
    expect(C[name]).toBe(value);
  });

  it('has the popup size, themes, flags and maintenance defaults', () => {
    expect(C.AUTH_POPUP_SIZE).toEqual({ width: 500, height: 600 });
    expect(C.THEMES).toEqual(['mocha-mood', 'neon-pulse']);
    expect(C.DEFAULT_FEATURE_FLAGS).toEqual({
      websiteBuilder: false,
      affiliateProgram: true,
      advancedAnalytics: false,
      multiStore: true,
      customDomains: false,
    });
    expect(FeatureFlagsSchema.parse(C.DEFAULT_FEATURE_FLAGS)).toEqual(C.DEFAULT_FEATURE_FLAGS);
    expect(C.DEFAULT_MAINTENANCE).toMatchObject({ maintenanceMode: false, allowSignups: true });
    expect(C.DEFAULT_MAINTENANCE.maintenanceMessage.length).toBeGreaterThan(10);
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(C.DEFAULT_FEATURE_FLAGS)).toBe(true);
    expect(Object.isFrozen(C.DEFAULT_MAINTENANCE)).toBe(true);
    expect(Object.isFrozen(C.AUTH_POPUP_SIZE)).toBe(true);
  });
});
