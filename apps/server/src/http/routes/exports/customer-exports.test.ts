import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder, insertProduct } from '#src/testing/customers.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { bearer, callFunction, cookieHeader } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';

const clock = manualClock(new Date('2030-03-04T10:00:00.000Z'));
const MINUTE = 60_000;

/** RFC 4180 rows (quoted cells, doubled quotes, CRLF or LF), enough to read our export back. */
function parse(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (quoted || (char !== ',' && char !== '\n' && char !== '\r')) {
      cell += char;
    } else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
    }
  }
  if (cell || row.length > 0) rows.push([...row, cell]);
  return rows;
}

describe('GET /api/stores/:storeId/customers.csv', () => {
  let t: TestApp;
  let owner: TestCreator;
  let mallory: TestCreator;
  let store: { id: string; slug: string };

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    owner = await signedInCreator(t, { now: clock.now() });
    mallory = await signedInCreator(t, { now: clock.now() });
    store = await createStoreAs(t, owner, 'csv-shop');
    await createStoreAs(t, mallory, 'mallory-csv');
    const add = async (data: Record<string, unknown>) => {
      clock.advance(MINUTE);
      return (await callFunction(t.app, 'createStoreCustomer', { storeId: store.id, ...data }, { as: owner })).json().result as { id: string };
    };
    const ada = await add({ email: 'ada@example.com', name: 'Ada Lovelace', tags: ['vip', 'early'], marketingConsent: true });
    await add({ email: 'evil@example.com', name: '=HYPERLINK("http://evil.example","x")', tags: ['+1', '@home', '-x'] });
    await add({ email: 'plain@example.com', name: 'Comma, "Quoted"' });
    const { productId } = await insertProduct(t, store.id);
    await insertOrder(t, { storeId: store.id, customerId: ada.id, productId, amountCents: 1999, createdAt: new Date('2030-03-01T12:00:00.000Z') });
    await insertOrder(t, { storeId: store.id, customerId: ada.id, productId, amountCents: 500, status: 'refunded', createdAt: new Date('2030-03-02T12:00:00.000Z') });
  });
  afterAll(() => t?.close());

  const download = (storeId: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/stores/${storeId}/customers.csv`, headers });

  it('downloads every customer, newest first, as an attachment', async () => {
    const response = await download(store.id, bearer(owner.token));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="customers-csv-shop-2030-03-04.csv"`);
    const rows = parse(response.body) as string[][];
    expect(rows[0]).toEqual(['name', 'email', 'marketing consent', 'tags', 'orders', 'lifetime value', 'last order', 'created']);
    expect(rows.slice(1).map((row) => row[1])).toEqual(['plain@example.com', 'evil@example.com', 'ada@example.com']);
    expect(rows[1]![0]).toBe('Comma, "Quoted"');
    expect(rows[3]).toEqual(['Ada Lovelace', 'ada@example.com', 'yes', 'vip, early', '2', '19.99', '2030-03-02T12:00:00.000Z', '2030-03-04T10:01:00.000Z']);
  });

  it('neutralises cells a spreadsheet would run as a formula', async () => {
    const rows = parse((await download(store.id, cookieHeader(owner.token))).body) as string[][];
    const evil = rows.find((row) => row[1] === 'evil@example.com')!;
    expect(evil[0]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(evil[3]).toBe(`'+1, @home, -x`);
    expect(evil.slice(4, 7)).toEqual(['0', '0.00', '']);
  });

  it('answers another creator’s store exactly like a missing one', async () => {
    const foreign = await download(store.id, bearer(mallory.token));
    const missing = await download('store_doesnotexist00000', bearer(mallory.token));
    expect(foreign.statusCode).toBe(404);
    expect({ status: foreign.statusCode, body: foreign.json() }).toEqual({ status: missing.statusCode, body: missing.json() });
    expect(foreign.body).not.toContain('ada@example.com');
  });

  it('refuses the signed-out', async () => {
    expect((await download(store.id, {})).statusCode).toBe(401);
  });
});
