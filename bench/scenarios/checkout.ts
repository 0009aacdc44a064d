import { randomUUID } from 'node:crypto';
import { signUpCreator } from '../lib/creator.ts';
import { flashSale } from '../lib/flash-sale.ts';
import { callFunction } from '../lib/server.ts';
import type { Scenario } from './types.ts';

/**
 * How fast the server starts checkouts. Each request carries a new idempotency key, so
 * every one writes a checkout row (paid product: the test provider's session URL) or runs the whole
 * fulfilment transaction (free lead magnet: customer upsert, order, receipt email job). A retried
 * key answers from the existing row. The reference is nginx serving the same reply bytes.
 */
export const checkout: Scenario = {
  name: 'checkout',
  sharedServer: true,
  async run({ server, nginx, measure }) {
    const email = `bench-checkout-${Date.now()}@example.com`;
    await signUpCreator(server.url, server.publicUrl, email, 'bench-password-4821');
    const origin = { origin: server.publicUrl };
    const signIn = (await callFunction(server.url, 'signInWithPassword', { email, password: 'bench-password-4821' }, origin)) as { idToken: string };
    const auth = { ...origin, authorization: `Bearer ${signIn.idToken}` };
    const store = (await callFunction(server.url, 'createStoreWithTenant', { storeName: 'Bench Checkout', slug: `bench-checkout-${Date.now() % 100000}` }, auth)) as { id: string };
    const paid = (await callFunction(
      server.url,
      'createProduct',
      { storeId: store.id, type: 'digital', title: 'Drum kit', priceMode: 'fixed', priceCents: 1500 },
      auth,
    )) as { id: string };
    const upload = await fetch(`${server.url}/api/stores/${store.id}/products/${paid.id}/files`, {
      method: 'PUT',
      headers: { ...auth, 'x-file-name': 'kit.zip', 'content-type': 'application/zip' },
      body: Buffer.alloc(64 * 1024, 7),
    });
    if (!upload.ok) throw new Error(`file upload answered ${upload.status}`);
    await callFunction(server.url, 'updateProduct', { storeId: store.id, productId: paid.id, status: 'published' }, auth);
    const free = (await callFunction(server.url, 'createProduct', { storeId: store.id, type: 'lead-magnet', title: 'Free guide', priceMode: 'free' }, auth)) as { id: string };
    // A lead magnet, like any download, is published only once it has a file.
    const freeUpload = await fetch(`${server.url}/api/stores/${store.id}/products/${free.id}/files`, {
      method: 'PUT',
      headers: { ...auth, 'x-file-name': 'guide.pdf', 'content-type': 'application/pdf' },
      body: Buffer.alloc(1024, 7),
    });
    if (!freeUpload.ok) throw new Error(`file upload answered ${freeUpload.status}`);
    await callFunction(server.url, 'updateProduct', { storeId: store.id, productId: free.id, status: 'published' }, auth);

    // An unlimited percent code: each checkout locks the code row, counts its held uses and holds one.
    await callFunction(
      server.url,
      'createDiscountCode',
      {
        storeId: store.id,
        fields: { code: 'BENCH10', kind: 'percent', value: 10, productId: null, expiresAt: null, maxUses: null, maxUsesPerEmail: null, minPriceCents: 0, active: true },
      },
      auth,
    );

    const headers = { 'content-type': 'application/json' };
    const bodyFor = (productId: string, extra: Record<string, unknown> = {}) => () =>
      JSON.stringify({ data: { storeId: store.id, productId, name: 'Bench Buyer', email: `buyer-${randomUUID()}@example.com`, idempotencyKey: randomUUID(), ...extra } });
    const fixedBody = bodyFor(paid.id)();
    const url = `${server.url}/fn/createCheckout`;
    const paidReply = await (await fetch(url, { method: 'POST', headers, body: fixedBody })).text();
    const freeReply = await (await fetch(url, { method: 'POST', headers, body: bodyFor(free.id)() })).text();
    const ref = await nginx([
      { path: '/checkout.json', body: paidReply, contentType: 'application/json' },
      { path: '/free.json', body: freeReply, contentType: 'application/json' },
    ]);
    const samples = await measure([
      { label: 'paid', url, method: 'POST', headers, bodyFor: bodyFor(paid.id) },
      { label: 'free', url, method: 'POST', headers, bodyFor: bodyFor(free.id) },
      { label: 'discounted', url, method: 'POST', headers, bodyFor: bodyFor(paid.id, { discountCode: 'BENCH10' }) },
      { label: 'retry', url, method: 'POST', headers, body: fixedBody },
      ...(ref ? [{ label: 'nginx paid', url: `${ref.url}/checkout.json` }, { label: 'nginx free', url: `${ref.url}/free.json` }] : []),
    ]);
    await ref?.stop();
    // 2,000 buyers of one product within 10 s, as a launch email would send them.
    const sale = await flashSale({ url, bodyFor: bodyFor(paid.id), total: 2_000, seconds: 10, connections: 50 });
    const failed = sale.non2xx + sale.errors;
    console.log(
      `flash sale: 2000 checkouts in ${(sale.elapsedMs / 1000).toFixed(2)} s (goal ≤ 10 s), ${failed} failed (${((failed / 2000) * 100).toFixed(2)} %), p50 ${sale.p50} ms, p99 ${sale.p99} ms`,
    );
    return {
      title: 'Checkout creation (POST /fn/createCheckout, a new idempotency key per request)',
      rows: [
        { label: 'paid product → test-provider checkout', sample: samples.get('paid')!, reference: samples.get('nginx paid') ?? null },
        { label: 'paid product with a discount code (row lock + held use)', sample: samples.get('discounted')!, reference: samples.get('nginx paid') ?? null },
        { label: 'free lead magnet → order + receipt job', sample: samples.get('free')!, reference: samples.get('nginx free') ?? null },
        { label: 'retry with the same key (idempotent)', sample: samples.get('retry')!, reference: samples.get('nginx paid') ?? null },
        { label: 'flash sale: 2,000 checkouts of one product within 10 s (one run)', sample: sale, reference: null },
      ],
    };
  },
};
