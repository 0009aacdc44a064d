import type { z } from 'zod';
import * as auth from './auth.ts';
import * as domains from './domains.ts';
import * as stores from './stores.ts';
import * as storefront from './storefront.ts';
import * as system from './system.ts';

export { defineFunction, type FunctionAccess, type FunctionContract } from './define.ts';
export * from './system.ts';
export * from './auth.ts';
export * from './stores.ts';
export * from './domains.ts';
export * from './storefront.ts';

/** Every callable function, by name. Server registration and the web client are typed from this. */
export const contracts = {
  testFunction: system.testFunction,
  lookupStore: system.lookupStore,
  getPlatformStatus: system.getPlatformStatus,
  testCreateStoreSimple: system.testCreateStoreSimple,
  checkSlug: stores.checkSlug,
  createStoreWithTenant: stores.createStoreWithTenant,
  createAdditionalStore: stores.createAdditionalStore,
  getStore: stores.getStore,
  listMyStores: stores.listMyStores,
  switchActiveStore: stores.switchActiveStore,
  deleteStoreAndTenant: stores.deleteStoreAndTenant,
  createTenant: stores.createTenant,
  deleteTenant: stores.deleteTenant,
  getTenantInfo: stores.getTenantInfo,
  getStoreStats: stores.getStoreStats,
  getStoreDraft: stores.getStoreDraft,
  saveStoreDraft: stores.saveStoreDraft,
  publishStoreDraft: stores.publishStoreDraft,
  discardStoreDraft: stores.discardStoreDraft,
  addCustomDomain: domains.addCustomDomain,
  verifyCustomDomain: domains.verifyCustomDomain,
  removeCustomDomain: domains.removeCustomDomain,
  setBioSubdomain: domains.setBioSubdomain,
  getStoreDomains: domains.getStoreDomains,
  getStorefront: storefront.getStorefront,
  sendVerificationCode: auth.sendVerificationCode,
  resendVerificationCode: auth.resendVerificationCode,
  verifyEmailCode: auth.verifyEmailCode,
  signUp: auth.signUp,
  signInWithPassword: auth.signInWithPassword,
  completeMfaSignIn: auth.completeMfaSignIn,
  signOut: auth.signOut,
  getCurrentUser: auth.getCurrentUser,
  updateProfile: auth.updateProfile,
  confirmPasswordReset: auth.confirmPasswordReset,
  sendSignInLink: auth.sendSignInLink,
  signInWithEmailLink: auth.signInWithEmailLink,
  getAuthProviders: auth.getAuthProviders,
  startTotpEnrollment: auth.startTotpEnrollment,
  confirmTotpEnrollment: auth.confirmTotpEnrollment,
  disableTotp: auth.disableTotp,
  initializeFirstAdmin: auth.initializeFirstAdmin,
  checkAdminStatus: auth.checkAdminStatus,
} as const;

export type Contracts = typeof contracts;
export type FunctionName = keyof Contracts;
export type FunctionInput<N extends FunctionName> = z.input<Contracts[N]['input']>;
export type FunctionOutput<N extends FunctionName> = z.output<Contracts[N]['output']>;
