import type { CustomerAccount } from '@shopfront/core';
import { callFunction } from '#src/lib/call-function.ts';

/** A store customer signed in to one store's members area. */
export type CustomerSession = CustomerAccount;

/** getCustomerSession: the signed-in customer of `storeId`, or null (a session never crosses stores). */
export async function fetchCustomerSession(storeId: string | null): Promise<CustomerSession | null> {
  if (!storeId) return null;
  const { customer } = await callFunction('getCustomerSession', { storeId });
  return customer;
}
