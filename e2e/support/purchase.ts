import { randomUUID } from 'node:crypto';
import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { E2E_PORT } from './hosts.ts';
import { receiptLink } from './mailbox.ts';

const ORIGIN = `http://localhost:${E2E_PORT}`;

/**
 * A buyer pays for a published product with the test card over HTTP: the checkout the product page
 * starts (`createCheckout`), then the test card page's form as the browser posts it. For journeys
 * that start after a sale; the pages themselves are purchase-journey's and themed-buyer-pages'.
 * Answers the receipt's order access link.
 */
export async function buyWithTestCard(request: APIRequestContext, shop: { storeId: string; productId: string }, buyer: { name: string; email: string }): Promise<string> {
  const api = await playwrightRequest.newContext({ baseURL: ORIGIN, extraHTTPHeaders: { Origin: ORIGIN } });
  try {
    const created = await api.post('/fn/createCheckout', { data: { data: { ...shop, name: buyer.name, email: buyer.email, idempotencyKey: randomUUID() } } });
    const body = (await created.json()) as { result?: { checkoutUrl: string }; error?: unknown };
    expect(body.error, `createCheckout failed: ${JSON.stringify(body.error)}`).toBeUndefined();
    const paid = await api.post(body.result!.checkoutUrl, {
      form: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', cardName: buyer.name },
      maxRedirects: 0,
    });
    expect(paid.status(), await paid.text()).toBe(303);
    expect(paid.headers().location).toMatch(/\/checkout\/success\?checkout=/);
  } finally {
    await api.dispose();
  }
  return receiptLink(request, buyer.email);
}
