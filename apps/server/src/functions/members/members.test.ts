import { MESSAGES, type Purchase } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customers, rateLimits, sessions, tenants } from '#src/db/schema/index.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { insertBuyer, insertOrder, insertProduct } from '#src/testing/customers.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { customerCookie, customerSetCookie, customerSignIn, customerToken, signUpCustomer } from './members-fixtures.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { bearer, callFunction, cookieHeader, errorOf, WEB_APP } from '#src/testing/call-function.ts';
import { countCodeEmails, latestCode, queuedEmails } from '#src/testing/emails.ts';
import { manualClock } from '#src/testing/clock.ts';

const clock = manualClock();
const MINUTE = 60_000;
const PASSWORD_A = 'plum-orchard-41';
const PASSWORD_B = 'river-stone-77';
const UNAUTHENTICATED = { status: 'UNAUTHENTICATED', message: MESSAGES.generic.unauthenticated };
const INVALID_CREDENTIALS = { status: 'UNAUTHENTICATED', message: MESSAGES.auth.invalidCredentials };

describe('members area: accounts per store, sessions per store', () => {
  let t: TestApp;
  let creator: TestCreator;
  let storeA: { id: string; tenantId: string; name: string };
  let storeB: { id: string; tenantId: string; name: string };
  let n = 0;
  const freshEmail = () => `member-${++n}@example.com`;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    creator = await signedInCreator(t, { now: clock.now() });
    storeA = await createStoreAs(t, creator, 'store-a');
    const other = await signedInCreator(t, { now: clock.now() });
    storeB = await createStoreAs(t, other, 'store-b');
  });
  beforeEach(async () => {
    await t.db.delete(rateLimits);
    clock.advance(2 * MINUTE); // past every code cooldown
  });
  afterAll(() => t?.close());

  const session = (storeId: string, headers: Record<string, string>) => callFunction(t.app, 'getCustomerSession', { storeId }, { as: WEB_APP, headers: headers });
  const purchases = (storeId: string, headers: Record<string, string>) => callFunction(t.app, 'getMyPurchases', { storeId }, { as: WEB_APP, headers: headers });

  describe('sendCustomerCode', () => {
    it('mails a 6-digit code branded with the store, not Shopfront', async () => {
      const email = freshEmail();
      const response = await callFunction(t.app, 'sendCustomerCode', { storeId: storeA.id, email, type: 'signup' }, { as: WEB_APP });
      expect(response.json()).toEqual({ result: { sent: true } });
      const [mail] = await queuedEmails(t, email);
      expect(mail?.subject).toMatch(new RegExp(`^\\d{6} is your ${storeA.name} verification code$`));
      expect(mail?.html).not.toContain('Shopfront');
    });

    it('answers the same for an existing account but mails a note instead of a code', async () => {
      const email = freshEmail();
      await signUpCustomer(t, { storeId: storeA.id, email, password: PASSWORD_A });
      clock.advance(2 * MINUTE);
      const codesBefore = await countCodeEmails(t, email);
      const response = await callFunction(t.app, 'sendCustomerCode', { storeId: storeA.id, email, type: 'signup' }, { as: WEB_APP });
      expect(response.json()).toEqual({ result: { sent: true } });
      expect(await countCodeEmails(t, email)).toBe(codesBefore);
      expect((await queuedEmails(t, email))[0]?.subject).toBe(`You already have an account at ${storeA.name}`);
    });

    it('answers the same for a reset of an unknown address, and mails nothing', async () => {
      const email = freshEmail();
      const response = await callFunction(t.app, 'sendCustomerCode', { storeId: storeA.id, email, type: 'password-reset' }, { as: WEB_APP });
      expect(response.json()).toEqual({ result: { sent: true } });
      expect(await queuedEmails(t, email)).toEqual([]);
    });

    it('refuses a store without a tenant (it has no members area)', async () => {
      const owner = await signedInCreator(t, { now: clock.now() });
      const store = await createStoreAs(t, owner, 'no-tenant-shop');
      await t.db.delete(tenants).where(eq(tenants.id, store.tenantId));
      const response = await callFunction(t.app, 'sendCustomerCode', { storeId: store.id, email: freshEmail(), type: 'signup' }, { as: WEB_APP });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).status).toBe('FAILED_PRECONDITION');
    });
  });

  describe('customerSignUp', () => {
    it('creates the account, signs in and sets an HttpOnly per-store cookie', async () => {
      const email = freshEmail();
      const response = await signUpCustomer(t, { storeId: storeA.id, email, password: PASSWORD_A, name: 'Cara' });
      expect(response.statusCode).toBe(200);
      expect(response.json().result.customer).toMatchObject({ storeId: storeA.id, email, name: 'Cara' });
      const cookie = customerSetCookie(response, storeA.id)!;
      expect(cookie).toMatch(/; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/); // no Secure on http://localhost
      const token = customerToken(response, storeA.id);
      expect((await session(storeA.id, customerCookie(storeA.id, token))).json().result.customer).toMatchObject({ email });
      const [row] = await t.db.select().from(customers).where(and(eq(customers.storeId, storeA.id), eq(customers.email, email)));
      expect(row?.emailVerifiedAt).not.toBeNull();
      expect(row?.accountCreatedAt).not.toBeNull();
    });

    it('makes the same email at two stores two independent accounts', async () => {
      const email = freshEmail();
      expect((await signUpCustomer(t, { storeId: storeA.id, email, password: PASSWORD_A })).statusCode).toBe(200);
      expect((await signUpCustomer(t, { storeId: storeB.id, email, password: PASSWORD_B })).statusCode).toBe(200);
      const rows = await t.db.select().from(customers).where(eq(customers.email, email));
      expect(rows.map((row) => row.storeId).sort()).toEqual([storeA.id, storeB.id].sort());

      expect((await customerSignIn(t, storeA.id, email, PASSWORD_A)).statusCode).toBe(200);
      expect((await customerSignIn(t, storeB.id, email, PASSWORD_B)).statusCode).toBe(200);
      expect(errorOf(await customerSignIn(t, storeA.id, email, PASSWORD_B))).toEqual(INVALID_CREDENTIALS);
      expect(errorOf(await customerSignIn(t, storeB.id, email, PASSWORD_A))).toEqual(INVALID_CREDENTIALS);
    });

    it('refuses a wrong code and creates no account', async () => {
      const email = freshEmail();
      await callFunction(t.app, 'sendCustomerCode', { storeId: storeA.id, email, type: 'signup' }, { as: WEB_APP });
      const code = await latestCode(t, email);
      const wrong = code === '000000' ? '111111' : '000000';
      const response = await callFunction(t.app, 'customerSignUp', { storeId: storeA.id, name: 'X', email, password: PASSWORD_A, confirmPassword: PASSWORD_A, code: wrong }, { as: WEB_APP });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(MESSAGES.verification.invalidCode);
      expect(await t.db.select().from(customers).where(eq(customers.email, email))).toEqual([]);
    });

    it('refuses an expired code and creates no account', async () => {
      const email = freshEmail();
      await callFunction(t.app, 'sendCustomerCode', { storeId: storeA.id, email, type: 'signup' }, { as: WEB_APP });
      const code = await latestCode(t, email);
      clock.advance(11 * MINUTE);
      const response = await callFunction(t.app, 'customerSignUp', { storeId: storeA.id, name: 'X', email, password: PASSWORD_A, confirmPassword: PASSWORD_A, code }, { as: WEB_APP });
      expect(errorOf(response)).toMatchObject({ status: 'FAILED_PRECONDITION', message: MESSAGES.verification.codeExpired });
      expect(await t.db.select().from(customers).where(eq(customers.email, email))).toEqual([]);
    });

    it('refuses passwords that do not match, leaving the code usable', async () => {
      const email = freshEmail();
      await callFunction(t.app, 'sendCustomerCode', { storeId: storeA.id, email, type: 'signup' }, { as: WEB_APP });
      const code = await latestCode(t, email);
      const data = { storeId: storeA.id, name: 'X', email, password: PASSWORD_A, code };
      const mismatch = await callFunction(t.app, 'customerSignUp', { ...data, confirmPassword: `${PASSWORD_A}!` }, { as: WEB_APP });
      expect(errorOf(mismatch)).toMatchObject({ status: 'INVALID_ARGUMENT', message: MESSAGES.validation.passwordsDoNotMatch });
      expect(await t.db.select().from(customers).where(eq(customers.email, email))).toEqual([]);
      expect((await callFunction(t.app, 'customerSignUp', { ...data, confirmPassword: PASSWORD_A }, { as: WEB_APP })).statusCode).toBe(200);
    });

    it('refuses a password under 6 characters', async () => {
      const response = await callFunction(t.app, 'customerSignUp', { storeId: storeA.id, name: 'X', email: freshEmail(), password: '12345', confirmPassword: '12345', code: '123456' }, { as: WEB_APP });
      expect(errorOf(response)).toMatchObject({ status: 'INVALID_ARGUMENT', message: MESSAGES.validation.passwordTooShort });
    });

    it('refuses an existing account (the code proves the address first)', async () => {
      const email = freshEmail();
      await signUpCustomer(t, { storeId: storeA.id, email, password: PASSWORD_A });
      clock.advance(2 * MINUTE);
      // The existing account got a note, not a code: only a code guessed right could get further.
      const [row] = await t.db.select().from(customers).where(and(eq(customers.storeId, storeA.id), eq(customers.email, email)));
      await t.db.update(customers).set({ passwordHash: null }).where(eq(customers.id, row!.id));
      const codeSent = await callFunction(t.app, 'sendCustomerCode', { storeId: storeA.id, email, type: 'signup' }, { as: WEB_APP });
      expect(codeSent.statusCode).toBe(200);
      const code = await latestCode(t, email);
      await t.db.update(customers).set({ passwordHash: row!.passwordHash }).where(eq(customers.id, row!.id));
      const response = await callFunction(t.app, 'customerSignUp', { storeId: storeA.id, name: 'X', email, password: PASSWORD_B, confirmPassword: PASSWORD_B, code }, { as: WEB_APP });
      expect(errorOf(response)).toMatchObject({ status: 'ALREADY_EXISTS', message: MESSAGES.auth.emailAlreadyInUse });
      expect((await customerSignIn(t, storeA.id, email, PASSWORD_A)).statusCode).toBe(200);
    });

    it('lets a buyer claim their purchases: the buyer row becomes the account, with the name typed at signup', async () => {
      const email = freshEmail();
      const buyer = await insertBuyer(t, storeA.id, email, 'Bea Buyer', clock.now());
      const { productId, fileIds } = await insertProduct(t, storeA.id, { title: 'Brush pack', files: ['brushes.zip'] });
      const lead = await insertProduct(t, storeA.id, { title: 'Free guide', type: 'lead-magnet', files: ['guide.pdf'] });
      const start = clock.now().getTime();
      const paid = await insertOrder(t, { storeId: storeA.id, customerId: buyer.id, productId, createdAt: new Date(start - 3 * MINUTE) });
      const refunded = await insertOrder(t, { storeId: storeA.id, customerId: buyer.id, productId, status: 'refunded', createdAt: new Date(start - 2 * MINUTE) });
      const free = await insertOrder(t, { storeId: storeA.id, customerId: buyer.id, productId: lead.productId, amountCents: 0, createdAt: new Date(start - MINUTE), title: 'Free guide' });

      const response = await signUpCustomer(t, { storeId: storeA.id, email, password: PASSWORD_A, name: 'Someone Else' });
      expect(response.statusCode).toBe(200);
      expect(response.json().result.customer).toEqual({ id: buyer.id, storeId: storeA.id, name: 'Someone Else', email });

      const listed = await purchases(storeA.id, customerCookie(storeA.id, customerToken(response, storeA.id)));
      expect(listed.statusCode).toBe(200);
      const items = listed.json().result.purchases as Purchase[];
      expect(items.map((p) => [p.orderId, p.status, p.files.length])).toEqual([
        [free, 'paid', 1],
        [refunded, 'refunded', 0],
        [paid, 'paid', 1],
      ]);
      expect(items[2]!.files[0]).toMatchObject({ id: fileIds[0], name: 'brushes.zip', sizeBytes: 1234 });
      expect(items[2]!.files[0]!.url).toMatch(/^http:\/\/localhost:3000\/api\/downloads\/file\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
      expect(items[0]!.product).toMatchObject({ title: 'Free guide', type: 'lead-magnet' });
    });
  });

  describe('customerSignIn', () => {
    it('answers one generic message for an unknown email, a wrong password and a buyer without an account', async () => {
      const email = freshEmail();
      await signUpCustomer(t, { storeId: storeA.id, email, password: PASSWORD_A });
      const buyer = freshEmail();
      await insertBuyer(t, storeA.id, buyer);
      for (const [who, password] of [[freshEmail(), PASSWORD_A], [email, PASSWORD_B], [buyer, PASSWORD_A]] as const) {
        const response = await customerSignIn(t, storeA.id, who, password);
        expect(response.statusCode).toBe(401);
        expect(errorOf(response)).toEqual(INVALID_CREDENTIALS);
        expect(customerSetCookie(response, storeA.id)).toBeUndefined();
      }
    });

    it('throttles repeated failures for the account, even with the right password after', async () => {
      const email = freshEmail();
      await signUpCustomer(t, { storeId: storeA.id, email, password: PASSWORD_A });
      for (let i = 0; i < 5; i++) expect((await customerSignIn(t, storeA.id, email, 'wrong-password')).statusCode).toBe(401);
      const locked = await customerSignIn(t, storeA.id, email, PASSWORD_A);
      expect(errorOf(locked)).toMatchObject({ status: 'RESOURCE_EXHAUSTED', message: MESSAGES.auth.tooManyAttempts });
      // Another store's account with the same email is not locked.
      await signUpCustomer(t, { storeId: storeB.id, email, password: PASSWORD_B });
      expect((await customerSignIn(t, storeB.id, email, PASSWORD_B)).statusCode).toBe(200);
    });
  });

  describe('sessions are per store and never a creator’s', () => {
    let token: string;
    beforeEach(async () => {
      const email = freshEmail();
      token = customerToken(await signUpCustomer(t, { storeId: storeA.id, email, password: PASSWORD_A }), storeA.id);
    });

    it('works at its own store by cookie and by Bearer', async () => {
      expect((await session(storeA.id, customerCookie(storeA.id, token))).json().result.customer).not.toBeNull();
      expect((await session(storeA.id, bearer(token))).json().result.customer).not.toBeNull();
      expect((await purchases(storeA.id, bearer(token))).statusCode).toBe(200);
    });

    it('is nobody at store B, by Bearer or under B’s cookie name', async () => {
      for (const headers of [bearer(token), customerCookie(storeB.id, token), customerCookie(storeA.id, token)]) {
        expect((await session(storeB.id, headers)).json()).toEqual({ result: { customer: null } });
        const response = await purchases(storeB.id, headers);
        expect(response.statusCode).toBe(401);
        expect(errorOf(response)).toEqual(UNAUTHENTICATED);
      }
    });

    it('is refused by creator functions', async () => {
      for (const headers of [bearer(token), customerCookie(storeA.id, token)]) {
        const stores = await callFunction(t.app, 'listMyStores', {}, { as: WEB_APP, headers: headers });
        expect(stores.statusCode).toBe(401);
        const listed = await callFunction(t.app, 'getStoreCustomers', { storeId: storeA.id }, { as: WEB_APP, headers: headers });
        expect(listed.statusCode).toBe(401);
        expect(errorOf(listed).status).toBe('UNAUTHENTICATED');
      }
    });

    it('never accepts the creator session (sf_session cookie or Bearer) as a customer', async () => {
      for (const headers of [cookieHeader(creator.token), bearer(creator.token), cookieHeader(token)]) {
        expect((await session(storeA.id, headers)).json()).toEqual({ result: { customer: null } });
        expect(errorOf(await purchases(storeA.id, headers))).toEqual(UNAUTHENTICATED);
      }
      // …and the creator is still signed in as a creator.
      expect((await callFunction(t.app, 'listMyStores', {}, { as: creator })).statusCode).toBe(200);
    });

    it('ends at sign-out, which clears the cookie', async () => {
      const response = await callFunction(t.app, 'customerSignOut', { storeId: storeA.id }, { as: WEB_APP, headers: customerCookie(storeA.id, token) });
      expect(response.json()).toEqual({ result: { signedOut: true } });
      expect(customerSetCookie(response, storeA.id)).toMatch(/^sfc_[a-z0-9_]+=; Path=\/; Max-Age=0;/);
      expect((await session(storeA.id, customerCookie(storeA.id, token))).json()).toEqual({ result: { customer: null } });
      expect((await purchases(storeA.id, bearer(token))).statusCode).toBe(401);
    });

    it('signing out at store B leaves store A’s session alone, and a creator token is never revoked', async () => {
      await callFunction(t.app, 'customerSignOut', { storeId: storeB.id }, { as: WEB_APP, headers: bearer(token) });
      await callFunction(t.app, 'customerSignOut', { storeId: storeA.id }, { as: WEB_APP, headers: bearer(creator.token) });
      expect((await session(storeA.id, bearer(token))).json().result.customer).not.toBeNull();
      expect((await callFunction(t.app, 'listMyStores', {}, { as: creator })).statusCode).toBe(200);
    });

    it('expires after 30 days', async () => {
      clock.advance(30 * 24 * 60 * MINUTE + 1);
      expect((await session(storeA.id, bearer(token))).json()).toEqual({ result: { customer: null } });
    });
  });

  describe('customerResetPassword', () => {
    it('sets the new password, ends every other session of that customer, and signs in', async () => {
      const email = freshEmail();
      const first = customerToken(await signUpCustomer(t, { storeId: storeA.id, email, password: PASSWORD_A }), storeA.id);
      const second = customerToken(await customerSignIn(t, storeA.id, email, PASSWORD_A), storeA.id);
      const elsewhere = customerToken(await signUpCustomer(t, { storeId: storeB.id, email, password: PASSWORD_A }), storeB.id);
      clock.advance(2 * MINUTE);
      await callFunction(t.app, 'sendCustomerCode', { storeId: storeA.id, email, type: 'password-reset' }, { as: WEB_APP });
      expect((await queuedEmails(t, email))[0]?.subject).toContain(`your ${storeA.name} password reset code`);
      const code = await latestCode(t, email);

      const mismatch = await callFunction(t.app, 'customerResetPassword', { storeId: storeA.id, email, code, password: PASSWORD_B, confirmPassword: PASSWORD_A }, { as: WEB_APP });
      expect(errorOf(mismatch).message).toBe(MESSAGES.validation.passwordsDoNotMatch);

      const response = await callFunction(t.app, 'customerResetPassword', { storeId: storeA.id, email, code, password: PASSWORD_B, confirmPassword: PASSWORD_B }, { as: WEB_APP });
      expect(response.statusCode).toBe(200);
      const fresh = customerToken(response, storeA.id);
      for (const old of [first, second]) expect((await session(storeA.id, bearer(old))).json().result.customer).toBeNull();
      expect((await session(storeA.id, bearer(fresh))).json().result.customer).toMatchObject({ email });
      expect((await session(storeB.id, bearer(elsewhere))).json().result.customer).toMatchObject({ email });
      expect(errorOf(await customerSignIn(t, storeA.id, email, PASSWORD_A))).toEqual(INVALID_CREDENTIALS);
      expect((await customerSignIn(t, storeA.id, email, PASSWORD_B)).statusCode).toBe(200);

      const reused = await callFunction(t.app, 'customerResetPassword', { storeId: storeA.id, email, code, password: PASSWORD_A, confirmPassword: PASSWORD_A }, { as: WEB_APP });
      expect(reused.statusCode).toBe(404);
    });

    it('does not turn a buyer without an account into one', async () => {
      const email = freshEmail();
      await insertBuyer(t, storeA.id, email);
      await callFunction(t.app, 'sendCustomerCode', { storeId: storeA.id, email, type: 'password-reset' }, { as: WEB_APP });
      expect(await queuedEmails(t, email)).toEqual([]);
      const count = await t.db.select().from(sessions).where(eq(sessions.realm, storeA.tenantId));
      const response = await callFunction(t.app, 'customerResetPassword', { storeId: storeA.id, email, code: '123456', password: PASSWORD_A, confirmPassword: PASSWORD_A }, { as: WEB_APP });
      expect(response.statusCode).toBe(400);
      const [row] = await t.db.select().from(customers).where(and(eq(customers.storeId, storeA.id), eq(customers.email, email)));
      expect(row?.passwordHash).toBeNull();
      expect(await t.db.select().from(sessions).where(eq(sessions.realm, storeA.tenantId))).toHaveLength(count.length);
    });
  });
});
