import { defineFunction, MESSAGES } from '@shopfront/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerFunction } from '#src/functions/types.ts';
import { callFunction, errorOf, WEB_APP } from '#src/testing/call-function.ts';
import { newKey } from '#src/testing/checkout.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { captureLogs } from '#src/testing/log-capture.ts';
import { createProductAs } from '#src/testing/products.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

const INVALID = { status: 'INVALID_ARGUMENT', message: MESSAGES.generic.invalidArgument };
const LEAKED_EMAIL = 'leak-me@example.com';

/** Handlers that misbehave on purpose: a header Node refuses, queries PostgreSQL refuses. */
const badHeaderContract = defineFunction({ name: 'testOnlyBadHeader', access: 'public', input: z.unknown(), output: z.null() });
const badQueryContract = defineFunction({ name: 'testOnlyBadQuery', access: 'public', input: z.unknown(), output: z.null() });
const nulQueryContract = defineFunction({ name: 'testOnlyNulQuery', access: 'public', input: z.unknown(), output: z.null() });
const misbehaving = [
  registerFunction(nulQueryContract, async (_input, ctx) => {
    await ctx.db.execute(sql`select ${'a\u0000b'}::text`);
    return null;
  }),
  registerFunction(badHeaderContract, (_input, ctx) => {
    ctx.reply.setSessionCookie?.('bad\u0001token', new Date(Date.now() + 60_000));
    return null;
  }),
  registerFunction(badQueryContract, async (_input, ctx) => {
    await ctx.db.execute(sql`select ${LEAKED_EMAIL}::int`);
    return null;
  }),
];

const HOSTILE = [
  ['NUL', 'a\u0000b'],
  ['U+0001', '\u0001'],
  ['escape', 'x\u001b[2J'],
  ['lone surrogate', 'x\uD800y'],
] as const;

describe('hostile characters and malformed ids (SECURITY "Content")', () => {
  const logs = captureLogs('info');
  let t: TestApp;
  let owner: TestCreator;
  let storeId: string;
  let productId: string;

  beforeAll(async () => {
    t = await createTestApp({ logger: logs.logger, extraFunctions: misbehaving });
    owner = await signedInCreator(t);
    storeId = (await createStoreAs(t, owner, 'hostile-input')).id;
    productId = (await createProductAs(t, owner, storeId)).id;
  });
  afterAll(() => t?.close());

  const errorLines = () => logs.lines().filter((line) => Number(line.level) >= 50);

  const calls: [string, (bad: string) => [string, Record<string, unknown>, TestCreator | null]][] = [
    ['checkSlug', (bad) => ['checkSlug', { slug: `shop${bad}` }, null]],
    ['signInWithPassword (email)', (bad) => ['signInWithPassword', { email: `a${bad}@example.com`, password: 'secret-123' }, null]],
    ['signInWithPassword (password)', (bad) => ['signInWithPassword', { email: 'a@example.com', password: `secret${bad}` }, null]],
    ['createCheckout (name)', (bad) => ['createCheckout', { storeId, productId, name: `Ada${bad}`, email: 'ada@example.com', idempotencyKey: newKey() }, null]],
    ['createCheckout (storeId)', (bad) => ['createCheckout', { storeId: `${storeId}${bad}`, productId, name: 'Ada', email: 'ada@example.com', idempotencyKey: newKey() }, null]],
    ['getCheckoutStatus', (bad) => ['getCheckoutStatus', { checkoutId: `chk_${bad}` }, null]],
    ['customerSignIn', (bad) => ['customerSignIn', { storeId, email: `b${bad}@example.com`, password: 'secret-123' }, null]],
    ['getMyPurchases', (bad) => ['getMyPurchases', { storeId: `store_${bad}` }, null]],
    ['getProduct (creator, id)', (bad) => ['getProduct', { storeId, productId: `${productId.slice(0, -1)}${bad}` }, owner]],
    ['updateProduct (creator, text)', (bad) => ['updateProduct', { storeId, productId, title: `Title${bad}` }, owner]],
    ['nested key', (bad) => ['testFunction', { echo: { [`k${bad}`]: 1 } }, null]],
    ['deeply nested value', (bad) => ['testFunction', { echo: [[[{ x: [`v${bad}`] }]]] }, null]],
  ];

  describe.each(HOSTILE)('%s', (_label, bad) => {
    it.each(calls)('%s answers 400 invalid-argument, with no error-level log line', async (_name, make) => {
      const before = errorLines().length;
      const [name, data, who] = make(bad);
      const response = await callFunction(t.app, name, data, { as: who ?? WEB_APP });
      expect([response.statusCode, errorOf(response)]).toEqual([400, expect.objectContaining(INVALID)]);
      expect(errorLines().length).toBe(before);
    });
  });

  it.each([
    ['getStore', { storeId: 'nope' }],
    ['getStore', { storeId: 'store_doesnotexist' }],
    ['getStore', { storeId: 'store_doesnotexist000000000' }],
    ['getStore', { storeId: `prd_${'0'.repeat(20)}` }],
    ['getProduct', { storeId: `store_${'0'.repeat(20)}`, productId: 'prd_short' }],
    ['getOrder', { storeId: `store_${'0'.repeat(20)}`, orderId: 'ord_ABCDEFGHIJKLMNOPQRST' }],
    ['getTenantInfo', { tenantId: 'tnt_1' }],
    ['reorderProducts', { storeId: `store_${'0'.repeat(20)}`, productIds: ['x'] }],
  ])('a malformed id is a 400 before any lookup: %s %j', async (name, data) => {
    const response = await callFunction(t.app, name, data, { as: owner });
    expect([response.statusCode, errorOf(response)]).toEqual([400, expect.objectContaining(INVALID)]);
  });

  it('a well-formed missing id still answers like a foreign one (404, not 400)', async () => {
    const response = await callFunction(t.app, 'getStore', { storeId: `store_${'0'.repeat(20)}` }, { as: owner });
    expect(response.statusCode).toBe(404);
  });

  it.each([
    'x; Domain=evil.example; Max-Age=99999; Path=/',
    'a\u0001b',
    'store_doesnotexist00000000\r\nSet-Cookie: evil=1',
    '',
  ])('customerSignOut refuses %j with a 400 and sets no cookie from it', async (bad) => {
    const before = errorLines().length;
    const response = await callFunction(t.app, 'customerSignOut', { storeId: bad }, { as: WEB_APP });
    expect([response.statusCode, errorOf(response)]).toEqual([400, expect.objectContaining(INVALID)]);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(errorLines().length).toBe(before);
  });

  it('customerSignOut with a well-formed id clears that store cookie', async () => {
    const response = await callFunction(t.app, 'customerSignOut', { storeId }, { as: WEB_APP });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(new RegExp(`^sfc_${storeId}=; Path=/; Max-Age=0;`));
  });

  it('keeps tab and newline in multi-line text, and refuses them in one-line text', async () => {
    const description = 'Line one\n\tLine two';
    const writer = await signedInCreator(t);
    const store = await createStoreAs(t, writer, 'multi-line-ok', { description });
    const read = await callFunction(t.app, 'getStore', { storeId: store.id }, { as: writer });
    expect(read.json().result.description).toBe(description);
    const customer = await callFunction(
      t.app,
      'createStoreCustomer',
      { storeId: store.id, email: 'tabs@example.com', name: 'Tab Person', notes: 'first\tsecond\r\nthird' },
      { as: writer },
    );
    expect([customer.statusCode, customer.json().result?.notes]).toEqual([200, 'first\tsecond\r\nthird']);
    const oneLine = await callFunction(t.app, 'updateProduct', { storeId, productId, title: 'Two\nlines' }, { as: owner });
    expect([oneLine.statusCode, errorOf(oneLine)]).toEqual([400, expect.objectContaining(INVALID)]);
  });

  it('NUL that reaches PostgreSQL by another path answers 400, not 500, with no error-level log line', async () => {
    const before = errorLines().length;
    const response = await callFunction(t.app, 'testOnlyNulQuery', null);
    expect([response.statusCode, errorOf(response)]).toEqual([400, expect.objectContaining(INVALID)]);
    expect(errorLines().length).toBe(before);
  });

  it("a header Node refuses goes through the app's error shape, without the header", async () => {
    const response = await callFunction(t.app, 'testOnlyBadHeader', null);
    expect([response.statusCode, errorOf(response)]).toEqual([400, expect.objectContaining(INVALID)]);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('an unexpected database error logs an error id, but neither the query values nor their echo', async () => {
    const before = logs.lines().length;
    const response = await callFunction(t.app, 'testOnlyBadQuery', null);
    expect(response.statusCode).toBe(500);
    const errorId = (errorOf(response).details as { errorId: string }).errorId;
    const lines = logs.lines().slice(before);
    const logged = lines.find((line) => line.errorId === errorId);
    expect(logged).toMatchObject({ level: 50, failure: { message: expect.stringContaining('params: [redacted]'), cause: { code: '22P02' } } });
    expect((logged?.failure as { stack: string }).stack).toContain('    at ');
    expect(JSON.stringify(lines)).not.toContain(LEAKED_EMAIL);
  });
});
