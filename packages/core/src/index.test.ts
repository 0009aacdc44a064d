import { describe, expect, it } from 'vitest';
import * as core from './index.ts';

describe('@shopfront/core public API', () => {
  it.each([
    'MESSAGES', 'PLAN_STORE_LIMITS', 'canCreateStore', 'signupsOpen', 'deriveSlug', 'validateSlug', 'RESERVED_SLUGS',
    'smartSlugSuggestions', 'basicSlugSuggestions', 'slugPopularity', 'EmailSchema', 'SignupFormSchema',
    'VerificationCodeSchema', 'planAppMode', 'resolveAppMode', 'APP_MODES', 'detectRegion', 'createRegionDetector',
    'createToastGate', 'TOAST_DURATION_MS', 'DEFAULT_FEATURE_FLAGS', 'contracts', 'AppError',
    'minorUnitDigits', 'formatMoney', 'parseMoney', 'toMajorUnits', 'formatBytes', 'productSlugFromTitle',
    'storefrontUrl', 'productUrl', 'thankYouUrl', 'membersUrl', 'canonicalStoreUrl', 'websitePageUrl',
  ])('exports %s', (name) => {
    expect(core).toHaveProperty(name);
  });
});
