import { request as playwrightRequest } from '@playwright/test';
import { runAdminCli } from './admin-cli.ts';
import { createCreator, signInCreator, type CreatorApi } from './creators.ts';
import { E2E_PORT } from './hosts.ts';
import { totpCode, totpStep } from './totp.ts';

export type FlagName = 'customDomains' | 'websiteBuilder' | 'advancedAnalytics';

let admin: CreatorApi | undefined;

/**
 * A platform admin for this worker, for the journeys that switch a feature flag: granted once by
 * the CLI (which costs seconds a call: a fresh process and a database connection), with an
 * authenticator enrolled through the functions Settings › Security calls, since admin writes need
 * a session that proved TOTP. Then each switch is one call of the admin functions.
 */
async function platformAdmin(): Promise<CreatorApi> {
  if (admin) return admin;
  const mailbox = await playwrightRequest.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  try {
    const creator = await createCreator(mailbox, 'platform-admin');
    runAdminCli(['grant', creator.email, '--reason', 'e2e: switches feature flags']);
    const api = await signInCreator(creator);
    const { secret } = await api.call<{ secret: string }>('startTotpEnrollment', {});
    await api.call('confirmTotpEnrollment', { code: totpCode(secret, totpStep()) });
    admin = api;
    return api;
  } finally {
    await mailbox.dispose();
  }
}

/** Switches a platform feature flag as an admin does, with the audited reason; answers whether it changed. */
export async function switchFlag(name: FlagName, enabled: boolean, reason: string): Promise<boolean> {
  const api = await platformAdmin();
  const { changed } = await api.call<{ changed: boolean }>('setFeatureFlag', { name, enabled, reason });
  return changed;
}

/**
 * Turns a flag on and answers how to put it back: off again unless it was already on (flags are
 * platform-wide, and other journeys see the default).
 */
export async function flagOn(name: FlagName, reason: string): Promise<() => Promise<void>> {
  const changed = await switchFlag(name, true, reason);
  return async () => {
    if (changed) await switchFlag(name, false, `${reason}: back to how it was`);
  };
}
