import type { Customer, Order } from '@shopfront/core';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { CustomersScreen } from './components/customers-screen.tsx';

export function testCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: 'cus_1',
    storeId: 'store_1',
    email: 'grace@example.com',
    name: 'Grace Hopper',
    notes: '',
    tags: [],
    marketingConsent: false,
    unsubscribedAt: null,
    hasAccount: false,
    orderCount: 2,
    lifetimeValueCents: 123_450,
    lastOrderAt: '2026-03-04T12:00:00.000Z',
    createdAt: '2026-01-02T12:00:00.000Z',
    ...overrides,
  };
}

export function testOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 'ord_1',
    storeId: 'store_1',
    status: 'paid',
    provider: 'test',
    amountCents: 1_900,
    currency: 'EUR',
    platformFeeCents: 0,
    product: { id: 'prod_1', title: 'Glaze recipes', type: 'digital' },
    customer: { id: 'cus_1', name: 'Grace Hopper', email: 'grace@example.com' },
    downloadCount: 3,
    createdAt: '2026-03-04T12:00:00.000Z',
    refundedAt: null,
    refundedCents: 0,
    ...overrides,
  };
}

/** /dashboard/customers for the signed-in test creator; `search` opens e.g. `?customer=cus_1`. */
export function renderCustomers(search = '') {
  return renderForCreator(<CustomersScreen />, { path: `/dashboard/customers${search}` });
}
