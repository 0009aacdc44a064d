import { createHash } from 'node:crypto';
import { CARD_MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processedWebhookEvents, stores } from '#src/db/schema/index.ts';
import { escapeHtml } from '#src/providers/email/templates/escape-html.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { TEST_PUBLIC_URL } from '#src/testing/test-env.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { insertProduct, ordersOf, startCheckout } from '#src/testing/checkout.ts';
import { signedInCreator } from '#src/testing/creators.ts';

const GOOD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', cardName: 'Ada Buyer' };

/** The test card page's form rules and test cards, through the real routes (docs/selling.md "test cards"). */
describe('POST /api/checkout/test/:checkoutId: card rules and test cards', () => {
  let t: TestApp;
  let store: { id: string; slug: string };

  beforeAll(async () => {
    t = await createTestApp();
    store = await createStoreAs(t, await signedInCreator(t), 'card-shop');
  });
  afterAll(() => t?.close());

  async function openCheckout() {
    const product = await insertProduct(t, store.id, { title: 'Card Zine', priceCents: 1500 });
    return (await startCheckout(t, { storeId: store.id, productId: product.id })).checkoutId;
  }

  function post(checkoutId: string, fields: Record<string, string>) {
    return t.app.inject({
      method: 'POST',
      url: `/api/checkout/test/${checkoutId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_PUBLIC_URL },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  async function ordersFor(checkoutId: string) {
    return (await ordersOf(t, store.id)).filter((order) => order.checkoutId === checkoutId);
  }

  /** The input's tag, e.g. `<input id="card-cvc" …>`. */
  function inputTag(body: string, id: string): string {
    return new RegExp(`<input id="${id}"[^>]*>`).exec(body)?.[0] ?? '';
  }

  it.each([
    ['an expiry in the past (01/20)', { expiry: '01/20' }, 'card-expiry', CARD_MESSAGES.expiryPast],
    ['month 13', { expiry: '13/30' }, 'card-expiry', CARD_MESSAGES.expiryMonth],
    ['month 00', { expiry: '00/30' }, 'card-expiry', CARD_MESSAGES.expiryMonth],
    ['an expiry that is not MM/YY', { expiry: '1234' }, 'card-expiry', CARD_MESSAGES.expiryFormat],
    ['no expiry', { expiry: '' }, 'card-expiry', CARD_MESSAGES.expiryRequired],
    ['a one-digit CVC', { cvc: '1' }, 'card-cvc', CARD_MESSAGES.cvcDigits],
    ['a four-digit CVC on a Visa', { cvc: '1234' }, 'card-cvc', CARD_MESSAGES.cvcDigits],
    ['a three-digit CVC on American Express', { cardNumber: '3782 822463 10005', cvc: '123' }, 'card-cvc', CARD_MESSAGES.cvcAmex],
    ['no CVC', { cvc: '' }, 'card-cvc', CARD_MESSAGES.cvcRequired],
    ['an empty name', { cardName: '' }, 'card-name', CARD_MESSAGES.nameRequired],
    ['a blank name', { cardName: '   ' }, 'card-name', CARD_MESSAGES.nameRequired],
    ['a name with a control character', { cardName: 'Ada\u0007Buyer' }, 'card-name', CARD_MESSAGES.nameInvalid],
    ['a name over 100 characters', { cardName: 'a'.repeat(101) }, 'card-name', CARD_MESSAGES.nameTooLong],
    ['a number failing Luhn', { cardNumber: '4242 4242 4242 4241' }, 'card-number', CARD_MESSAGES.numberInvalid],
    ['a short number', { cardNumber: '1234 5678' }, 'card-number', CARD_MESSAGES.numberInvalid],
    ['no number', { cardNumber: '' }, 'card-number', CARD_MESSAGES.numberRequired],
  ])('refuses %s next to its field, with 422, and pays nothing', async (_case, change, fieldId, message) => {
    const checkoutId = await openCheckout();
    const reply = await post(checkoutId, { ...GOOD, ...change });
    expect(reply.statusCode).toBe(422);
    expect(reply.body).toContain(`<p class="field-error" id="${fieldId}-error">${escapeHtml(message)}</p>`);
    const tag = inputTag(reply.body, fieldId);
    expect(tag).toContain('aria-invalid="true"');
    expect(tag).toContain(`aria-describedby="${fieldId}-error"`);
    expect(tag).toContain('autofocus');
    // The summary links to the field.
    expect(reply.body).toContain(`<a href="#${fieldId}">${escapeHtml(message)}</a>`);
    expect(await ordersFor(checkoutId)).toEqual([]);
  });

  it('shows every bad field at once, focuses the first, and keeps what was typed except the CVC', async () => {
    const checkoutId = await openCheckout();
    const reply = await post(checkoutId, { cardNumber: '4242 4242 4242 4241', expiry: '13/30', cvc: '987', cardName: '<Ada> "Buyer"' });
    expect(reply.statusCode).toBe(422);
    expect(inputTag(reply.body, 'card-number')).toContain('autofocus');
    expect(inputTag(reply.body, 'card-expiry')).not.toContain('autofocus');
    expect(inputTag(reply.body, 'card-number')).toContain('value="4242 4242 4242 4241"');
    expect(inputTag(reply.body, 'card-expiry')).toContain('value="13/30"');
    expect(inputTag(reply.body, 'card-name')).toContain('value="&lt;Ada&gt; &quot;Buyer&quot;"');
    expect(inputTag(reply.body, 'card-name')).not.toContain('aria-invalid');
    expect(inputTag(reply.body, 'card-cvc')).not.toContain('value=');
    expect(reply.body).not.toContain('987');
    expect(await ordersFor(checkoutId)).toEqual([]);
  });

  it.each([
    ['generic decline', '4000 0000 0000 0002', CARD_MESSAGES.declined],
    ['insufficient funds', '4000 0000 0000 9995', CARD_MESSAGES.insufficientFunds],
    ['expired card', '4000 0000 0000 0069', CARD_MESSAGES.expiredCard],
    ['any other valid number', '4111 1111 1111 1111', CARD_MESSAGES.notATestCard],
    ['any other valid Mastercard', '5105 1051 0510 5100', CARD_MESSAGES.notATestCard],
  ])('the %s card is declined with its own message, 402, and pays nothing', async (_case, cardNumber, message) => {
    const checkoutId = await openCheckout();
    const reply = await post(checkoutId, { ...GOOD, cardNumber });
    expect(reply.statusCode).toBe(402);
    expect(reply.body).toContain(`<p id="pay-error">${escapeHtml(message)}</p>`);
    expect(inputTag(reply.body, 'card-number')).toContain('aria-describedby="pay-error"');
    expect(inputTag(reply.body, 'card-number')).toContain(`value="${cardNumber}"`);
    expect(await ordersFor(checkoutId)).toEqual([]);
    const processed = await t.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.eventId, `test_${checkoutId}`));
    expect(processed).toEqual([]);
  });

  it('the incorrect-CVC card is declined with the message on the CVC field, and pays nothing', async () => {
    const checkoutId = await openCheckout();
    const reply = await post(checkoutId, { ...GOOD, cardNumber: '4000 0000 0000 0127' });
    expect(reply.statusCode).toBe(402);
    expect(reply.body).toContain(`<p class="field-error" id="card-cvc-error">${escapeHtml(CARD_MESSAGES.incorrectCvc)}</p>`);
    expect(inputTag(reply.body, 'card-cvc')).toContain('aria-invalid="true"');
    expect(await ordersFor(checkoutId)).toEqual([]);
  });

  it.each([
    ['4242 4242 4242 4242 with MM/YY', { expiry: '12/34' }],
    ['4242 4242 4242 4242 with MM / YY and a padded name', { expiry: '12 / 34', cardName: '  Ada Buyer  ' }],
    ['American Express with a 4-digit CVC', { cardNumber: '3782 822463 10005', cvc: '1234' }],
  ])('%s pays: 303 to the thank-you page and one order', async (_case, change) => {
    const checkoutId = await openCheckout();
    const reply = await post(checkoutId, { ...GOOD, ...change });
    expect(reply.statusCode).toBe(303);
    expect(reply.headers.location).toContain(checkoutId);
    expect(await ordersFor(checkoutId)).toHaveLength(1);
  });

  describe('the authentication card (4000 0025 0000 3155)', () => {
    const AUTH = { ...GOOD, cardNumber: '4000 0025 0000 3155' };

    it('asks for authentication first and pays nothing yet', async () => {
      const checkoutId = await openCheckout();
      const reply = await post(checkoutId, AUTH);
      expect(reply.statusCode).toBe(200);
      expect(reply.body).toContain('<h1>Complete authentication</h1>');
      expect(reply.body).toContain('TEST MODE — no real money moves');
      expect(reply.body).toMatch(/<button[^>]*name="authentication" value="complete"[^>]*>Complete<\/button>/);
      expect(reply.body).toMatch(/<button[^>]*name="authentication" value="fail"[^>]*>Fail<\/button>/);
      expect(await ordersFor(checkoutId)).toEqual([]);
    });

    it('Complete pays: 303 and one order', async () => {
      const checkoutId = await openCheckout();
      const reply = await post(checkoutId, { ...AUTH, authentication: 'complete' });
      expect(reply.statusCode).toBe(303);
      expect(await ordersFor(checkoutId)).toHaveLength(1);
    });

    it('Fail returns to the form with the authentication-failed message, and pays nothing', async () => {
      const checkoutId = await openCheckout();
      const reply = await post(checkoutId, { ...AUTH, authentication: 'fail' });
      expect(reply.statusCode).toBe(402);
      expect(reply.body).toContain(`<p id="pay-error">${escapeHtml(CARD_MESSAGES.authenticationFailed)}</p>`);
      expect(reply.body).toContain('<label for="card-number">Card number</label>');
      expect(await ordersFor(checkoutId)).toEqual([]);
    });

    it('a forged Complete does not pay a declining card or an invalid form', async () => {
      const checkoutId = await openCheckout();
      const declined = await post(checkoutId, { ...GOOD, cardNumber: '4000 0000 0000 0002', authentication: 'complete' });
      expect(declined.statusCode).toBe(402);
      const expired = await post(checkoutId, { ...AUTH, expiry: '01/20', authentication: 'complete' });
      expect(expired.statusCode).toBe(422);
      expect(expired.body).toContain(escapeHtml(CARD_MESSAGES.expiryPast));
      expect(await ordersFor(checkoutId)).toEqual([]);
    });
  });

  it('the page hint lists the test cards', async () => {
    const checkoutId = await openCheckout();
    const page = await t.app.inject({ url: `/api/checkout/test/${checkoutId}` });
    for (const number of ['4242 4242 4242 4242', '4000 0025 0000 3155', '4000 0000 0000 0002', '4000 0000 0000 9995', '4000 0000 0000 0069', '4000 0000 0000 0127']) {
      expect(page.body).toContain(`<code>${number}</code>`);
    }
  });
});

describe('the test card page wears the store theme', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  function styleAndCsp(reply: { body: string; headers: Record<string, unknown> }) {
    const style = /<style>([\s\S]*?)<\/style>/.exec(reply.body)?.[1] ?? '';
    const hash = createHash('sha256').update(style, 'utf8').digest('base64');
    return { style, hash, csp: String(reply.headers['content-security-policy']) };
  }

  it('in each theme and with creator colours, each page allowed by its own style hash', async () => {
    const mocha = await createStoreAs(t, await signedInCreator(t), 'mocha-page');
    const neon = await createStoreAs(t, await signedInCreator(t), 'neon-page');
    await t.db.update(stores).set({ theme: 'neon-pulse', themeOverrides: { colors: { buttonColor: '#00ff88' } } }).where(eq(stores.id, neon.id));
    const pageOf = async (storeId: string) => {
      const product = await insertProduct(t, storeId);
      const { checkoutId } = await startCheckout(t, { storeId, productId: product.id });
      return t.app.inject({ url: `/api/checkout/test/${checkoutId}` });
    };
    const mochaPage = styleAndCsp(await pageOf(mocha.id));
    const neonPage = styleAndCsp(await pageOf(neon.id));
    // Mocha Mood's cream card and mocha button; Neon Pulse's night card with the creator's button colour.
    expect(mochaPage.style).toContain('--card:#fffaf4');
    expect(mochaPage.style).toContain('--button:#6f4e37');
    expect(neonPage.style).toContain('--card:#0d0a26');
    expect(neonPage.style).toContain('--button:#00ff88');
    for (const page of [mochaPage, neonPage]) {
      expect(page.csp).toContain(`style-src 'sha256-${page.hash}'`);
      expect(page.csp).not.toContain('unsafe-inline');
    }
    expect(mochaPage.hash).not.toBe(neonPage.hash);
  });
});
