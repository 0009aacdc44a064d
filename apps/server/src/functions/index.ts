import { contracts, type FunctionName } from '@shopfront/core';
import type { Env } from '../env.ts';
import { sendVerificationCode } from './auth/send-verification-code.ts';
import { resendVerificationCode } from './auth/resend-verification-code.ts';
import { verifyEmailCode } from './auth/verify-email-code.ts';
import { signUp } from './auth/sign-up.ts';
import { signInWithPassword } from './auth/sign-in-with-password.ts';
import { completeMfaSignIn } from './auth/complete-mfa-sign-in.ts';
import { signOut } from './auth/sign-out.ts';
import { getCurrentUser } from './auth/get-current-user.ts';
import { updateProfile } from './auth/update-profile.ts';
import { confirmPasswordReset } from './auth/confirm-password-reset.ts';
import { sendSignInLink } from './auth/send-sign-in-link.ts';
import { signInWithEmailLink } from './auth/sign-in-with-email-link.ts';
import { getAuthProviders } from './auth/get-auth-providers.ts';
import { startTotpEnrollment } from './auth/start-totp-enrollment.ts';
import { confirmTotpEnrollment } from './auth/confirm-totp-enrollment.ts';
import { disableTotp } from './auth/disable-totp.ts';
import { checkAdminStatus } from './admin/check-admin-status.ts';
import { initializeFirstAdmin } from './admin/initialize-first-admin.ts';
import { checkSlug } from './stores/check-slug.ts';
import { createAdditionalStore } from './stores/create-additional-store.ts';
import { createStoreWithTenant } from './stores/create-store-with-tenant.ts';
import { createTenant } from './stores/create-tenant.ts';
import { deleteStoreAndTenant } from './stores/delete-store-and-tenant.ts';
import { deleteTenant } from './stores/delete-tenant.ts';
import { discardStoreDraft } from './stores/discard-store-draft.ts';
import { getStore } from './stores/get-store.ts';
import { getStoreDraft } from './stores/get-store-draft.ts';
import { getStoreStats } from './stores/get-store-stats.ts';
import { getTenantInfo } from './stores/get-tenant-info.ts';
import { listMyStores } from './stores/list-my-stores.ts';
import { publishStoreDraft } from './stores/publish-store-draft.ts';
import { saveStoreDraft } from './stores/save-store-draft.ts';
import { switchActiveStore } from './stores/switch-active-store.ts';
import { addCustomDomain } from './domains/add-custom-domain.ts';
import { getStoreDomains } from './domains/get-store-domains.ts';
import { getStorefront } from './storefront/get-storefront.ts';
import { removeCustomDomain } from './domains/remove-custom-domain.ts';
import { setBioSubdomain } from './domains/set-bio-subdomain.ts';
import { verifyCustomDomain } from './domains/verify-custom-domain.ts';
import { getPlatformStatus } from './system/get-platform-status.ts';
import { lookupStore } from './system/lookup-store.ts';
import { testCreateStoreSimple } from './system/test-create-store-simple.ts';
import { testFunction } from './system/test-function.ts';
import { checkoutHandlers } from './checkout/index.ts';
import { customerHandlers } from './customers/index.ts';
import { memberHandlers } from './members/index.ts';
import { orderHandlers } from './orders/index.ts';
import { productHandlers } from './products/index.ts';
import type { HandlerRegistry, RegisteredFunction } from './types.ts';

/** Every contract in @shopfront/core with its handler (CONVENTIONS rule 3: contract first). */
export const handlers: HandlerRegistry = {
  testFunction,
  lookupStore,
  getPlatformStatus,
  testCreateStoreSimple,
  checkSlug,
  createStoreWithTenant,
  createAdditionalStore,
  getStore,
  listMyStores,
  switchActiveStore,
  deleteStoreAndTenant,
  createTenant,
  deleteTenant,
  getTenantInfo,
  getStoreStats,
  getStoreDraft,
  saveStoreDraft,
  publishStoreDraft,
  discardStoreDraft,
  addCustomDomain,
  verifyCustomDomain,
  removeCustomDomain,
  setBioSubdomain,
  getStoreDomains,
  getStorefront,
  sendVerificationCode,
  resendVerificationCode,
  verifyEmailCode,
  signUp,
  signInWithPassword,
  completeMfaSignIn,
  signOut,
  getCurrentUser,
  updateProfile,
  confirmPasswordReset,
  sendSignInLink,
  signInWithEmailLink,
  getAuthProviders,
  startTotpEnrollment,
  confirmTotpEnrollment,
  disableTotp,
  initializeFirstAdmin,
  checkAdminStatus,
  ...productHandlers,
  ...checkoutHandlers,
  ...orderHandlers,
  ...customerHandlers,
  ...memberHandlers,
};

export type FunctionTable = ReadonlyMap<string, RegisteredFunction>;

/**
 * The functions this server answers. `devOnly` contracts are left out in production, so they
 * answer 404 like an unknown name (SECURITY: development-only functions).
 */
export function buildFunctionTable(
  env: Pick<Env, 'nodeEnv'>,
  extra: readonly RegisteredFunction[] = [],
): FunctionTable {
  const table = new Map<string, RegisteredFunction>();
  for (const name of Object.keys(contracts) as FunctionName[]) {
    table.set(name, { contract: contracts[name], handler: handlers[name] as RegisteredFunction['handler'] });
  }
  for (const entry of extra) table.set(entry.contract.name, entry);
  if (env.nodeEnv === 'production') {
    for (const [name, entry] of table) if (entry.contract.devOnly) table.delete(name);
  }
  return table;
}
