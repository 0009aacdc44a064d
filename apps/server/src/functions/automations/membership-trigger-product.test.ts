import { AUTOMATION_MESSAGES, PRODUCT_MESSAGES, type AutomationStep } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { seedTier } from '#src/testing/memberships.ts';
import { createProductAs } from '#src/testing/products.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

const steps: AutomationStep[] = [{ id: 'hi', type: 'email', subject: 'Welcome, member', previewText: '', body: [] }];
const KINDS = ['membership-started', 'membership-cancelled', 'membership-payment-failed'] as const;

/** A membership trigger names a membership of the store, or none (any membership); anything else is refused on save. */
describe('the product of a membership trigger', () => {
  let t: TestApp;
  let owner: TestCreator;
  let storeId: string;
  let membershipId: string;
  let downloadId: string;
  let foreignMembershipId: string;
  const save = (name: 'createAutomation' | 'updateAutomation', data: Record<string, unknown>) => callFunction(t.app, name, { storeId, name: 'Members', ...data }, { as: owner });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInCreator(t);
    storeId = (await createStoreAs(t, owner, 'member-flows')).id;
    membershipId = (await seedTier(t, storeId)).productId;
    downloadId = (await createProductAs(t, owner, storeId)).id;
    const mallory = await signedInCreator(t);
    foreignMembershipId = (await seedTier(t, (await createStoreAs(t, mallory, 'member-flows-m')).id)).productId;
  });
  afterAll(() => t.close());

  it('saves a membership of the store, or any membership, for each membership trigger', async () => {
    for (const kind of KINDS) {
      for (const productId of [membershipId, null]) {
        const reply = await save('createAutomation', { trigger: { kind, productId } });
        expect(reply.statusCode, reply.body).toBe(200);
        expect(reply.json().result.trigger).toEqual({ kind, productId });
      }
    }
  });

  it('refuses a product that is not a membership, on create and on update, at the trigger’s product', async () => {
    for (const kind of KINDS) {
      const reply = await save('createAutomation', { trigger: { kind, productId: downloadId } });
      expect(reply.statusCode).toBe(400);
      expect(errorOf(reply)).toMatchObject({ status: 'INVALID_ARGUMENT', message: AUTOMATION_MESSAGES.membershipTriggerProduct, details: { fieldErrors: { 'trigger.productId': [AUTOMATION_MESSAGES.membershipTriggerProduct] } } });
    }
    const created = await save('createAutomation', { trigger: { kind: 'membership-started', productId: null } });
    const automationId = created.json().result.id as string;
    const refused = await save('updateAutomation', { automationId, trigger: { kind: 'membership-started', productId: downloadId }, steps });
    expect(errorOf(refused).message).toBe(AUTOMATION_MESSAGES.membershipTriggerProduct);
    const kept = await callFunction(t.app, 'getAutomation', { storeId, automationId }, { as: owner });
    expect(kept.json().result.automation.trigger).toEqual({ kind: 'membership-started', productId: null });
    // The same product is fine for a purchase trigger.
    const purchase = await save('updateAutomation', { automationId, trigger: { kind: 'purchased', productId: downloadId }, steps });
    expect(purchase.statusCode, purchase.body).toBe(200);
  });

  it('answers another store’s membership like a missing product', async () => {
    const reply = await save('createAutomation', { trigger: { kind: 'membership-started', productId: foreignMembershipId } });
    expect(reply.statusCode).toBe(404);
    expect(errorOf(reply)).toMatchObject({ status: 'NOT_FOUND', message: PRODUCT_MESSAGES.productNotFound });
    const missing = await save('createAutomation', { trigger: { kind: 'membership-cancelled', productId: `prd_${'0'.repeat(20)}` } });
    expect(errorOf(missing)).toEqual(errorOf(reply));
  });
});
