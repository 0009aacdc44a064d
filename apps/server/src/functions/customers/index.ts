import type { HandlerRegistry } from '../types.ts';
import { createStoreCustomer } from './create-store-customer.ts';
import { getStoreCustomer } from './get-store-customer.ts';
import { getStoreCustomers } from './get-store-customers.ts';
import { searchStoreCustomers } from './search-store-customers.ts';
import { updateStoreCustomer } from './update-store-customer.ts';

/** The customers handlers; ../index.ts spreads them into the registry. */
export const customerHandlers = {
  createStoreCustomer,
  getStoreCustomers,
  searchStoreCustomers,
  updateStoreCustomer,
  getStoreCustomer,
} satisfies Partial<HandlerRegistry>;
