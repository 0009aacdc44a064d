/** A store customer signed in to one store's members area. */
export interface CustomerSession {
  customerId: string;
  storeId: string;
  email: string;
}

/**
 * THE SEAM for the customer-accounts issue: replace with the callable that returns the signed-in
 * customer of `storeId` (null when signed out). A customer session belongs to one store only.
 */
export async function fetchCustomerSession(_storeId: string | null): Promise<CustomerSession | null> {
  return null;
}
