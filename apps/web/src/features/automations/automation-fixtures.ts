import type { Automation, AutomationListItem, AutomationStepStats } from '@shopfront/core';
import { testStore } from '#src/testing/creator-kit.tsx';
import { testProduct } from '#src/testing/product-data.ts';

export const AUTOMATION_ID = 'aut_aaaaaaaaaaaaaaaaaaaa';
export const EBOOK_ID = 'prd_aaaaaaaaaaaaaaaaaaaa';

/** The lead-magnet welcome template as createAutomation answers it (a draft). */
export function testAutomation(overrides: Partial<Automation> = {}): Automation {
  return {
    id: AUTOMATION_ID,
    name: 'Lead magnet welcome',
    status: 'draft',
    trigger: { kind: 'joined', source: 'lead-magnet', productId: null },
    steps: [
      { id: 'welcome-1', type: 'email', subject: 'Here is your free download', previewText: '', body: [{ id: 'welcome-1-h', type: 'heading', text: 'Welcome!' }] },
      { id: 'wait-1', type: 'wait', wait: { mode: 'duration', amount: 1, unit: 'days' } },
      { id: 'welcome-2', type: 'email', subject: 'The one thing most people miss', previewText: '', body: [{ id: 'welcome-2-h', type: 'heading', text: 'A quick tip' }] },
    ],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** An automation as listAutomations answers it, with its totals. */
export function testListItem(overrides: Partial<Automation> = {}, totals: AutomationListItem['totals'] = { entered: 0, waiting: 0 }): AutomationListItem {
  return { ...testAutomation(overrides), totals };
}

/** Without `revenue` unless given: the screen must also read an answer that does not count it. */
export function testStepStats(stepId: string, overrides: Partial<AutomationStepStats> = {}): AutomationStepStats {
  return { stepId, entered: 0, waiting: 0, sent: 0, opened: 0, clicked: 0, ...overrides } as AutomationStepStats;
}

/** The answers every automation screen needs: the store and its products. */
export const BASE_ANSWERS = {
  listMyStores: () => ({ stores: [testStore()], activeStoreId: 'store_1' }),
  listProducts: () => ({ products: [testProduct({ id: EBOOK_ID, title: 'Ebook' })], currency: 'USD' }),
};
