import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCustomer, seedOrder, seedProduct, seedStore, type SeededStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { TEST_PUBLIC_URL } from '#src/testing/test-env.ts';
import { signedInCreator } from '#src/testing/creators.ts';

describe('GET /api/stores/:storeId/orders.csv', () => {
  let t: TestApp;
  let shop: SeededStore;
  let other: SeededStore;
  const now = new Date('2030-06-15T08:00:00.000Z');

  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
    shop = await seedStore(t, { owner: await signedInCreator(t, { now }) });
    other = await seedStore(t, { owner: await signedInCreator(t, { now }) });
    const product = await seedProduct(t, shop.id);
    const evil = await seedCustomer(t, shop.id, { name: '=HYPERLINK("http://evil.example","click")', email: 'eve@example.com' });
    const ada = await seedCustomer(t, shop.id, { name: 'Ada, "the" Countess', email: 'ada@example.com' });
    await seedOrder(t, { storeId: shop.id, productId: product.id, customerId: ada.id, productTitle: '+Plus title', amountCents: 1250, createdAt: new Date('2030-06-01T10:00:00.000Z') });
    await seedOrder(t, { storeId: shop.id, productId: product.id, customerId: evil.id, productTitle: '@SUM(A1)', amountCents: 500, status: 'refunded', createdAt: new Date('2030-06-02T10:00:00.000Z') });
    // 205 more: more than one page of 200.
    for (let i = 0; i < 205; i += 1) {
      await seedOrder(t, { storeId: shop.id, productId: product.id, customerId: ada.id, productTitle: 'Bulk', amountCents: 100, createdAt: new Date(Date.UTC(2030, 4, 1, 0, 0, i)) });
    }
    const otherProduct = await seedProduct(t, other.id);
    await seedOrder(t, { storeId: other.id, productId: otherProduct.id, customerId: (await seedCustomer(t, other.id)).id, productTitle: 'Not yours' });
  });
  afterAll(() => t?.close());

  const csvOf = (storeId: string, query: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/stores/${storeId}/orders.csv${query}`, headers });

  it('downloads every filtered order with neutralised formula cells', async () => {
    const response = await csvOf(shop.id, '?from=2030-06-01&to=2030-06-02', shop.owner.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="orders-${shop.slug}-2030-06-15.csv"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const rows = parse(response.body) as string[][];
    expect(rows[0]).toEqual(['Order ID', 'Date', 'Status', 'Product', 'Customer name', 'Customer email', 'Amount', 'Currency', 'Refunded at', 'Downloads', 'Refunded amount', 'Amount paid']);
    expect(rows).toHaveLength(3);
    expect(rows[1]!.slice(1)).toEqual([
      '2030-06-02T10:00:00.000Z',
      'refunded',
      "'@SUM(A1)",
      `'=HYPERLINK("http://evil.example","click")`,
      'eve@example.com',
      '5.00',
      'USD',
      '2030-06-02T10:00:00.000Z',
      '0',
      '5.00',
      '5.00',
    ]);
    expect(rows[2]!.slice(2, 7)).toEqual(['paid', "'+Plus title", 'Ada, "the" Countess', 'ada@example.com', '12.50']);
    expect(rows[2]![8]).toBe('');
    expect(rows[2]![10]).toBe('0.00');
  });

  it('pages through all rows, not just the first page, and honours the status filter', async () => {
    const all = parse((await csvOf(shop.id, '', shop.owner.headers)).body) as string[][];
    expect(all).toHaveLength(1 + 207);
    expect(new Set(all.slice(1).map((row) => row[0])).size).toBe(207);
    const refunded = parse((await csvOf(shop.id, '?status=refunded&from=&to=', shop.owner.headers)).body) as string[][];
    expect(refunded.slice(1).map((row) => row[2])).toEqual(['refunded']);
  });

  it('refuses a reversed range with the usual message', async () => {
    const response = await csvOf(shop.id, '?from=2030-06-03&to=2030-06-02', shop.owner.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { message: 'The start date must be before the end date' } });
  });

  it('another creator’s store answers exactly like a missing one; no session is unauthenticated', async () => {
    const foreign = await csvOf(shop.id, '', other.owner.headers);
    const missing = await csvOf('store_doesnotexist00000', '', other.owner.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect(foreign.body).not.toContain('Plus title');
    expect((await csvOf(shop.id, '', {})).statusCode).toBe(401);
  });

  it('is never readable cross-origin, even from an allowed origin', async () => {
    const response = await csvOf(shop.id, '', { ...shop.owner.headers, origin: TEST_PUBLIC_URL });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

/** RFC 4180 enough for these tests: quoted fields with doubled quotes and commas. */
function parse(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else if (char !== '\r') field += char;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}
