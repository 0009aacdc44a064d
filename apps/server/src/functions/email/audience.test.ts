import { COMMERCE_MESSAGES, EMAIL_LIMITS, EMAIL_MESSAGES, MESSAGES, type SegmentFilter } from '@shopfront/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, emailCampaigns, emailSuppressions, orderGrants, stores } from '#src/db/schema/index.ts';
import { callFunction, errorOf, WEB_APP } from '#src/testing/call-function.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { insertBuyer, insertOrder, insertProduct } from '#src/testing/customers.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { segmentRecipientsQuery } from '#src/domain/email/audience/segment-recipients-query.ts';
import { createCustomerSession } from '#src/domain/members/customer-session.ts';

const MISSING_SEGMENT = 'seg_00000000000000000000';

describe('email audience: segments, imports, member preferences', () => {
  let t: TestApp;
  let creator: TestCreator;
  let mallory: TestCreator;
  let store: { id: string; slug: string };
  let malloryStore: { id: string; slug: string };

  beforeAll(async () => {
    t = await createTestApp();
    creator = await signedInCreator(t, { planId: 'boss' });
    mallory = await signedInCreator(t, { planId: 'boss' });
    store = await createStoreAs(t, creator, 'audience-shop');
    malloryStore = await createStoreAs(t, mallory, 'audience-rival');
  });
  afterAll(() => t?.close());

  const call = (name: string, data: Record<string, unknown>, as: TestCreator = creator) => callFunction(t.app, name, data, { as });

  async function buyer(storeId: string, email: string, options: { consent?: boolean; createdAt?: Date; tags?: string[]; withdrawn?: boolean } = {}) {
    const row = await insertBuyer(t, storeId, email, 'Bea Buyer', options.createdAt ?? new Date());
    await t.db
      .update(customers)
      .set({ marketingConsent: options.consent ?? true, tags: options.tags ?? [], marketingWithdrawnAt: options.withdrawn ? new Date() : null })
      .where(eq(customers.id, row.id));
    return row;
  }

  describe('segments answer who they reach', () => {
    let storeId: string;
    let productX: string;
    let bundleItem: string;
    const count = async (filter: SegmentFilter) => {
      const reply = await call('countSegmentRecipients', { storeId, filter });
      expect(reply.statusCode).toBe(200);
      return reply.json().result as { recipients: number; matching: number };
    };

    beforeAll(async () => {
      const shop = await createStoreAs(t, creator, 'segment-shop');
      storeId = shop.id;
      // New York: 2030-03-01 starts at 05:00 UTC.
      await t.db.update(stores).set({ timeZone: 'America/New_York' }).where(eq(stores.id, storeId));
      productX = (await insertProduct(t, storeId, { title: 'Product X' })).productId;
      bundleItem = (await insertProduct(t, storeId, { title: 'In a bundle' })).productId;
      const other = (await insertProduct(t, storeId, { title: 'Other' })).productId;
      const lead = (await insertProduct(t, storeId, { title: 'Free guide', type: 'lead-magnet' })).productId;

      const paidX = await buyer(storeId, 'paid-x@example.com', { createdAt: new Date('2030-03-01T04:59:00Z'), tags: ['VIP'] });
      await insertOrder(t, { storeId, customerId: paidX.id, productId: productX });
      const refundedX = await buyer(storeId, 'refunded-x@example.com', { createdAt: new Date('2030-03-01T05:00:00Z') });
      await insertOrder(t, { storeId, customerId: refundedX.id, productId: productX, status: 'refunded' });
      const otherBuyer = await buyer(storeId, 'other@example.com', { createdAt: new Date('2030-03-02T04:59:59Z'), tags: ['vip', 'fan'] });
      await insertOrder(t, { storeId, customerId: otherBuyer.id, productId: other });
      const leadOnly = await buyer(storeId, 'lead@example.com', { createdAt: new Date('2030-03-02T05:00:00Z') });
      await insertOrder(t, { storeId, customerId: leadOnly.id, productId: lead, amountCents: 0 });
      await buyer(storeId, 'manual@example.com', { createdAt: new Date('2030-03-03T12:00:00Z'), tags: ['fan'] });
      const noConsent = await buyer(storeId, 'no-consent@example.com', { consent: false });
      await insertOrder(t, { storeId, customerId: noConsent.id, productId: productX });
      const withdrawn = await buyer(storeId, 'withdrawn@example.com', { consent: false, withdrawn: true });
      await insertOrder(t, { storeId, customerId: withdrawn.id, productId: productX });
      const suppressed = await buyer(storeId, 'bounced@example.com');
      await insertOrder(t, { storeId, customerId: suppressed.id, productId: productX });
      await t.db.insert(emailSuppressions).values({ storeId, email: 'bounced@example.com', reason: 'bounced' });
      // A bundle's buyer is granted its included product too (order_grants).
      const bundleBuyer = await buyer(storeId, 'bundle@example.com', { createdAt: new Date('2030-01-01T00:00:00Z') });
      const bundleOrder = await insertOrder(t, { storeId, customerId: bundleBuyer.id, productId: other });
      await t.db.insert(orderGrants).values({ orderId: bundleOrder, productId: bundleItem, storeId, viaProductId: other });
    });

    it('an empty filter is everyone consenting and not suppressed; matching counts everyone', async () => {
      expect(await count({})).toEqual({ recipients: 6, matching: 9 });
    });

    it('bought X: paid orders only, refunded ones left out; suppressed and withdrawn never receive', async () => {
      // paid-x receives; no-consent, withdrawn and bounced match but do not receive; refunded-x matches nothing.
      expect(await count({ boughtProductIds: [productX] })).toEqual({ recipients: 1, matching: 4 });
      expect(await count({ boughtProductIds: [bundleItem] })).toEqual({ recipients: 1, matching: 1 });
    });

    it('a product of another store matches nobody', async () => {
      const foreign = (await insertProduct(t, malloryStore.id)).productId;
      expect(await count({ boughtProductIds: [foreign] })).toEqual({ recipients: 0, matching: 0 });
    });

    it('tags match any of the tags, in any case', async () => {
      expect(await count({ tags: ['vip'] })).toEqual({ recipients: 2, matching: 2 });
      expect(await count({ tags: ['FAN', 'nobody'] })).toEqual({ recipients: 2, matching: 2 });
    });

    it('signed-up days are days in the store time zone, both ends included', async () => {
      // 04:59 UTC on 1 March is still 28 February in New York.
      expect(await count({ signedUpFrom: '2030-03-01', signedUpTo: '2030-03-01' })).toEqual({ recipients: 2, matching: 2 });
      expect(await count({ signedUpTo: '2030-02-28', signedUpFrom: '2030-02-28' })).toEqual({ recipients: 1, matching: 1 });
      expect(await count({ signedUpFrom: '2030-03-02', signedUpTo: '2030-03-03' })).toEqual({ recipients: 2, matching: 2 });
    });

    it('bought nothing: lead magnets and manual adds, never a paying buyer', async () => {
      // refunded-x (no paid order), lead (a free order) and manual receive; no-consent etc. bought something.
      expect(await count({ boughtNothing: true })).toEqual({ recipients: 3, matching: 3 });
      expect(await count({ boughtNothing: true, tags: ['fan'] })).toEqual({ recipients: 1, matching: 1 });
    });

    it('refuses signed-up days out of order or before year 1, counting or saving', async () => {
      const reversed = await call('countSegmentRecipients', { storeId, filter: { signedUpFrom: '2030-03-02', signedUpTo: '2030-03-01' } });
      expect([reversed.statusCode, errorOf(reversed).message]).toEqual([400, COMMERCE_MESSAGES.invalidDateRange]);
      const yearZero = await call('createEmailSegment', { storeId, name: 'Ancient', filter: { signedUpFrom: '0000-01-01' } });
      expect([yearZero.statusCode, errorOf(yearZero).message]).toEqual([400, MESSAGES.generic.invalidArgument]);
      expect((await call('countSegmentRecipients', { storeId, filter: { signedUpFrom: '0001-01-01' } })).statusCode).toBe(200);
    });

    it('the query sending inserts from answers (customer_id, email, name) of the recipients', async () => {
      const [shop] = await t.db.select().from(stores).where(eq(stores.id, storeId));
      const result = await t.db.execute<{ customer_id: string; email: string; name: string }>(
        sql`select * from (${segmentRecipientsQuery({ storeId, filter: { boughtProductIds: [productX] }, timeZone: shop!.timeZone })}) r`,
      );
      const [paid] = await t.db.select().from(customers).where(and(eq(customers.storeId, storeId), eq(customers.email, 'paid-x@example.com')));
      expect(result.rows).toEqual([{ customer_id: paid!.id, email: 'paid-x@example.com', name: 'Bea Buyer' }]);
    });

    it('conditions narrow together', async () => {
      expect(await count({ boughtProductIds: [productX], tags: ['vip'], signedUpTo: '2030-02-28' })).toEqual({ recipients: 1, matching: 1 });
    });
  });

  describe('segment CRUD', () => {
    it('creates, lists with its recipient count, updates and deletes a segment', async () => {
      await buyer(store.id, 'crud-a@example.com', { tags: ['crud'] });
      await buyer(store.id, 'crud-b@example.com', { tags: ['crud'], consent: false });
      const created = await call('createEmailSegment', { storeId: store.id, name: ' Fans ', filter: { tags: ['crud'], boughtProductIds: [] } });
      expect(created.statusCode).toBe(200);
      const segment = created.json().result;
      expect(segment).toMatchObject({ storeId: store.id, name: 'Fans', filter: { tags: ['crud'] }, recipientCount: 1 });
      const listed = await call('listEmailSegments', { storeId: store.id });
      expect(listed.json().result.segments).toEqual([segment]);

      const updated = await call('updateEmailSegment', { storeId: store.id, segmentId: segment.id, name: 'Everyone', filter: {} });
      expect(updated.json().result).toMatchObject({ id: segment.id, name: 'Everyone', filter: {} });
      expect(updated.json().result.recipientCount).toBeGreaterThanOrEqual(1);

      expect((await call('deleteEmailSegment', { storeId: store.id, segmentId: segment.id })).json()).toEqual({ result: { deleted: true } });
      expect((await call('listEmailSegments', { storeId: store.id })).json().result.segments).toEqual([]);
    });

    it('refuses a name that is empty or over the limit, and accepts the longest', async () => {
      const name = (length: number) => call('createEmailSegment', { storeId: store.id, name: 'n'.repeat(length), filter: {} });
      expect(errorOf(await name(0)).message).toBe('Segment name is required');
      expect((await name(EMAIL_LIMITS.segmentNameMax + 1)).statusCode).toBe(400);
      const longest = await name(EMAIL_LIMITS.segmentNameMax);
      expect(longest.statusCode).toBe(200);
      await call('deleteEmailSegment', { storeId: store.id, segmentId: longest.json().result.id });
    });

    it('a segment used by a scheduled campaign cannot be deleted; a draft that used one falls back to everyone', async () => {
      const segment = (await call('createEmailSegment', { storeId: store.id, name: 'Busy', filter: {} })).json().result;
      const draft = await t.db
        .insert(emailCampaigns)
        .values({ id: 'cmp_draftusingsegment000', storeId: store.id, subject: 'Hi', body: [], segmentId: segment.id })
        .returning();
      await t.db.insert(emailCampaigns).values({ id: 'cmp_schedusingsegment000', storeId: store.id, subject: 'Hi', body: [], segmentId: segment.id, status: 'scheduled' });
      const refused = await call('deleteEmailSegment', { storeId: store.id, segmentId: segment.id });
      expect([refused.statusCode, errorOf(refused).message]).toEqual([400, EMAIL_MESSAGES.segmentInUse]);
      await t.db.update(emailCampaigns).set({ status: 'cancelled' }).where(eq(emailCampaigns.id, 'cmp_schedusingsegment000'));
      expect((await call('deleteEmailSegment', { storeId: store.id, segmentId: segment.id })).statusCode).toBe(200);
      const [after] = await t.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, draft[0]!.id));
      expect(after?.segmentId).toBeNull();
    });

    it('a foreign store’s segments answer exactly like missing ones', async () => {
      const theirs = (await call('createEmailSegment', { storeId: malloryStore.id, name: 'Theirs', filter: {} }, mallory)).json().result;
      for (const segmentId of [theirs.id, MISSING_SEGMENT]) {
        const update = await call('updateEmailSegment', { storeId: store.id, segmentId, name: 'Mine now', filter: {} });
        const remove = await call('deleteEmailSegment', { storeId: store.id, segmentId });
        for (const reply of [update, remove]) expect([reply.statusCode, errorOf(reply)]).toEqual([404, { status: 'NOT_FOUND', message: EMAIL_MESSAGES.segmentNotFound }]);
      }
      const [still] = (await call('listEmailSegments', { storeId: malloryStore.id }, mallory)).json().result.segments;
      expect(still).toMatchObject({ id: theirs.id, name: 'Theirs' });
    });

    it('every audience function refuses a foreign store exactly like a missing one', async () => {
      const missing = 'store_doesnotexist00000000';
      const calls: [string, (storeId: string) => Record<string, unknown>][] = [
        ['listEmailSegments', (storeId) => ({ storeId })],
        ['countSegmentRecipients', (storeId) => ({ storeId, filter: {} })],
        ['createEmailSegment', (storeId) => ({ storeId, name: 'X', filter: {} })],
        ['updateEmailSegment', (storeId) => ({ storeId, segmentId: MISSING_SEGMENT, name: 'X', filter: {} })],
        ['deleteEmailSegment', (storeId) => ({ storeId, segmentId: MISSING_SEGMENT })],
        ['previewContactImport', (storeId) => ({ storeId, csv: 'email\na@example.com' })],
        ['importContacts', (storeId) => ({ storeId, csv: 'email\na@example.com', consentConfirmed: true })],
      ];
      for (const [name, data] of calls) {
        const foreign = await call(name, data(malloryStore.id));
        const absent = await call(name, data(missing));
        expect([foreign.statusCode, errorOf(foreign)], name).toEqual([absent.statusCode, errorOf(absent)]);
        expect(errorOf(foreign).message, name).toBe(MESSAGES.stores.notFound);
      }
      expect(await t.db.select().from(customers).where(and(eq(customers.storeId, malloryStore.id), eq(customers.email, 'a@example.com')))).toEqual([]);
    });
  });

  describe('CSV import', () => {
    let storeId: string;
    beforeAll(async () => {
      storeId = (await createStoreAs(t, creator, 'import-shop')).id;
      await buyer(storeId, 'kept@example.com', { consent: false, tags: ['Buyer'] });
      await t.db.update(customers).set({ name: 'Kept Name' }).where(and(eq(customers.storeId, storeId), eq(customers.email, 'kept@example.com')));
      await buyer(storeId, 'noname@example.com', { consent: false });
      await t.db.update(customers).set({ name: '' }).where(and(eq(customers.storeId, storeId), eq(customers.email, 'noname@example.com')));
      await buyer(storeId, 'gone@example.com', { consent: false, withdrawn: true });
      await t.db.insert(emailSuppressions).values({ storeId, email: 'gone@example.com', reason: 'unsubscribed' });
      await t.db.insert(emailSuppressions).values({ storeId, email: 'bounced@example.com', reason: 'bounced' });
    });

    const csv = [
      'Email,Name,Tags,Consent,Extra',
      'new@example.com,New Person,a;b|c,yes,ignored',
      'KEPT@example.com,Other Name,buyer;fan,1,',
      'noname@example.com,Now Named,,true,',
      'gone@example.com,Gone,,yes,',
      'bounced@example.com,Bounced,,yes,',
      'not-an-email,Bad,,yes,',
      'new@example.com,Twice,,no,',
      '"quoted@example.com","Quoted, Name","x",maybe,',
      '',
      'late@example.com,"Two',
      'lines",,no,',
    ].join('\n');

    it('previews every row with line numbers, errors and notes, and writes nothing', async () => {
      const reply = await call('previewContactImport', { storeId, csv });
      expect(reply.statusCode).toBe(200);
      const { summary, rows } = reply.json().result;
      expect(summary).toEqual({ totalRows: 9, create: 3, update: 3, skip: 3, errors: 2 });
      const byLine = Object.fromEntries(rows.map((row: { line: number }) => [row.line, row]));
      expect(byLine[2]).toMatchObject({ email: 'new@example.com', name: 'New Person', tags: ['a', 'b', 'c'], marketingConsent: true, outcome: 'create', error: null });
      expect(byLine[3]).toMatchObject({ email: 'kept@example.com', name: 'Kept Name', tags: ['Buyer', 'fan'], marketingConsent: true, outcome: 'update' });
      expect(byLine[4]).toMatchObject({ name: 'Now Named', outcome: 'update' });
      expect(byLine[5]).toMatchObject({ outcome: 'update', marketingConsent: false, note: EMAIL_MESSAGES.importWithdrawn });
      expect(byLine[6]).toMatchObject({ outcome: 'create', marketingConsent: false, note: EMAIL_MESSAGES.importSuppressed });
      expect(byLine[7]).toMatchObject({ outcome: 'skip', error: MESSAGES.validation.invalidEmail });
      expect(byLine[8]).toMatchObject({ outcome: 'skip', note: EMAIL_MESSAGES.importDuplicate });
      expect(byLine[9]).toMatchObject({ outcome: 'skip', error: EMAIL_MESSAGES.importConsentInvalid });
      expect(byLine[12]).toMatchObject({ email: 'late@example.com', name: 'Two lines', outcome: 'create', marketingConsent: false });
      const [kept] = await t.db.select().from(customers).where(and(eq(customers.storeId, storeId), eq(customers.email, 'kept@example.com')));
      expect(kept).toMatchObject({ name: 'Kept Name', tags: ['Buyer'], marketingConsent: false });
      expect(await t.db.select().from(customers).where(and(eq(customers.storeId, storeId), eq(customers.email, 'new@example.com')))).toEqual([]);
    });

    it('imports without the consent confirmation: contacts and tags, no consent', async () => {
      const summary = (await call('importContacts', { storeId, csv: 'email,consent,tags\nunconfirmed@example.com,yes,t1', consentConfirmed: false })).json().result;
      expect(summary).toEqual({ totalRows: 1, create: 1, update: 0, skip: 0, errors: 0 });
      const [row] = await t.db.select().from(customers).where(and(eq(customers.storeId, storeId), eq(customers.email, 'unconfirmed@example.com')));
      expect(row).toMatchObject({ marketingConsent: false, tags: ['t1'], name: '' });
    });

    it('imports with confirmation: names kept unless empty, tags merged, and never re-consents a withdrawn address', async () => {
      const reply = await call('importContacts', { storeId, csv, consentConfirmed: true });
      expect(reply.json().result).toEqual({ totalRows: 9, create: 3, update: 3, skip: 3, errors: 2 });
      const rows = await t.db.select().from(customers).where(eq(customers.storeId, storeId));
      const of = (email: string) => rows.find((row) => row.email === email);
      expect(of('new@example.com')).toMatchObject({ name: 'New Person', tags: ['a', 'b', 'c'], marketingConsent: true });
      expect(of('kept@example.com')).toMatchObject({ name: 'Kept Name', tags: ['Buyer', 'fan'], marketingConsent: true });
      expect(of('noname@example.com')).toMatchObject({ name: 'Now Named', marketingConsent: true });
      expect(of('gone@example.com')).toMatchObject({ marketingConsent: false });
      expect(of('gone@example.com')?.marketingWithdrawnAt).not.toBeNull();
      expect(of('bounced@example.com')).toMatchObject({ marketingConsent: false });
      expect(of('not-an-email')).toBeUndefined();
      expect(of('quoted@example.com')).toBeUndefined();
      // Importing the same file again changes nothing and creates nobody twice.
      expect((await call('importContacts', { storeId, csv, consentConfirmed: true })).json().result).toEqual({ totalRows: 9, create: 0, update: 6, skip: 3, errors: 2 });
      expect((await t.db.select().from(customers).where(eq(customers.storeId, storeId))).length).toBe(rows.length);
    });

    it('a semicolon-separated file with a byte order mark reads the same', async () => {
      const reply = await call('previewContactImport', { storeId, csv: '\uFEFFemail;name;tags\nsemi@example.com;Semi;x|y' });
      expect(reply.json().result.rows[0]).toMatchObject({ line: 2, email: 'semi@example.com', name: 'Semi', tags: ['x', 'y'] });
    });

    it.each([
      ['no email column', 'name,tags\nAda,x', EMAIL_MESSAGES.importNoEmailColumn],
      ['only a header', 'email,name\n', EMAIL_MESSAGES.importEmpty],
      ['an empty file', '', EMAIL_MESSAGES.importEmpty],
      ['an unclosed quote', 'email,name\n"a@example.com,Ada', EMAIL_MESSAGES.importUnreadable],
    ])('refuses %s', async (_name, file, message) => {
      for (const name of ['previewContactImport', 'importContacts']) {
        const reply = await call(name, { storeId, csv: file, ...(name === 'importContacts' ? { consentConfirmed: true } : {}) });
        expect([reply.statusCode, errorOf(reply).message]).toEqual([400, message]);
      }
    });

    const rowsCsv = (rows: number) => {
      const lines = ['email,name,tags,consent'];
      for (let index = 0; index < rows; index++) lines.push(`bulk-${index}@example.com,Bulk ${index},bulk,yes`);
      return lines.join('\n');
    };

    it(`takes a file of ${EMAIL_LIMITS.importRowsMax.toLocaleString('en-US')} rows (over the app's usual body limit) and refuses one more`, async () => {
      const largest = rowsCsv(EMAIL_LIMITS.importRowsMax);
      expect(Buffer.byteLength(largest)).toBeGreaterThan(t.env.bodyLimitBytes);
      const preview = await call('previewContactImport', { storeId, csv: largest });
      expect(preview.statusCode).toBe(200);
      expect(preview.json().result.summary).toEqual({ totalRows: EMAIL_LIMITS.importRowsMax, create: EMAIL_LIMITS.importRowsMax, update: 0, skip: 0, errors: 0 });
      expect(preview.json().result.rows.length).toBeLessThanOrEqual(200);
      const imported = await call('importContacts', { storeId: malloryStore.id, csv: largest, consentConfirmed: true }, mallory);
      expect(imported.json().result).toMatchObject({ totalRows: EMAIL_LIMITS.importRowsMax, create: EMAIL_LIMITS.importRowsMax });
      const consenting = await call('countSegmentRecipients', { storeId: malloryStore.id, filter: { tags: ['bulk'] } }, mallory);
      expect(consenting.json().result.recipients).toBe(EMAIL_LIMITS.importRowsMax);

      const tooMany = rowsCsv(EMAIL_LIMITS.importRowsMax + 1);
      for (const name of ['previewContactImport', 'importContacts']) {
        const reply = await call(name, { storeId, csv: tooMany, ...(name === 'importContacts' ? { consentConfirmed: true } : {}) });
        expect([reply.statusCode, errorOf(reply).message]).toEqual([400, EMAIL_MESSAGES.importTooManyRows]);
      }
    }, 120_000);

    it(`takes a file of exactly ${EMAIL_LIMITS.importBytesMax} bytes and refuses one byte more`, async () => {
      const header = 'email,name\nbig@example.com,Big\n';
      const padding = (bytes: number) => `${header}${'#'.repeat(bytes - header.length - 1)}\n`;
      // A padding line is one row with a bad email: the file is read, the row refused.
      const largest = await call('previewContactImport', { storeId, csv: padding(EMAIL_LIMITS.importBytesMax) });
      expect(largest.statusCode).toBe(200);
      expect(largest.json().result.summary).toMatchObject({ totalRows: 2, errors: 1 });
      const over = await call('previewContactImport', { storeId, csv: padding(EMAIL_LIMITS.importBytesMax + 1) });
      expect([over.statusCode, errorOf(over).message]).toEqual([400, EMAIL_MESSAGES.importTooLarge]);
    }, 60_000);

    it('other functions keep the app’s body limit', async () => {
      const reply = await call('listEmailSegments', { storeId, padding: 'x'.repeat(t.env.bodyLimitBytes) });
      expect(reply.statusCode).toBe(413);
    });
  });

  describe('members area email preference', () => {
    let storeId: string;
    let otherStoreId: string;
    const email = 'member-prefs@example.com';
    let headers: Record<string, string>;

    beforeAll(async () => {
      const shop = await createStoreAs(t, creator, 'prefs-shop');
      storeId = shop.id;
      otherStoreId = (await createStoreAs(t, mallory, 'prefs-rival')).id;
      // A members-area account: a customer with a password, signed in to the store's realm.
      const member = await insertBuyer(t, storeId, email);
      await t.db.update(customers).set({ passwordHash: 'not-a-real-hash' }).where(eq(customers.id, member.id));
      const session = await createCustomerSession(t.db, { tenantId: shop.tenantId, customerId: member.id, userAgent: null, ip: '127.0.0.1', now: new Date() });
      headers = { cookie: `sfc_${storeId}=${session.token}` };
    });

    const prefs = (name: string, data: Record<string, unknown>, cookie = headers) => callFunction(t.app, name, data, { as: WEB_APP, headers: cookie });
    const customerRow = async () => (await t.db.select().from(customers).where(and(eq(customers.storeId, storeId), eq(customers.email, email))))[0]!;
    const suppression = async () => (await t.db.select().from(emailSuppressions).where(and(eq(emailSuppressions.storeId, storeId), eq(emailSuppressions.email, email))))[0];

    it('reads, opts out (withdrawn + suppressed) and opts back in (both lifted)', async () => {
      expect((await prefs('getMemberEmailPreferences', { storeId })).json()).toEqual({ result: { marketingConsent: false } });
      expect((await prefs('updateMemberEmailPreferences', { storeId, marketingConsent: true })).json()).toEqual({ result: { marketingConsent: true } });
      expect((await prefs('getMemberEmailPreferences', { storeId })).json().result.marketingConsent).toBe(true);

      expect((await prefs('updateMemberEmailPreferences', { storeId, marketingConsent: false })).json().result.marketingConsent).toBe(false);
      expect((await customerRow()).marketingWithdrawnAt).not.toBeNull();
      expect(await suppression()).toMatchObject({ reason: 'unsubscribed' });
      // The creator's import cannot turn it back on.
      await callFunction(t.app, 'importContacts', { storeId, csv: `email,consent\n${email},yes`, consentConfirmed: true }, { as: creator });
      expect((await customerRow()).marketingConsent).toBe(false);

      await prefs('updateMemberEmailPreferences', { storeId, marketingConsent: true });
      expect(await customerRow()).toMatchObject({ marketingConsent: true, marketingWithdrawnAt: null });
      expect(await suppression()).toBeUndefined();
    });

    it('opting in does not lift a bounce or a complaint', async () => {
      await prefs('updateMemberEmailPreferences', { storeId, marketingConsent: false });
      await t.db.update(emailSuppressions).set({ reason: 'bounced' }).where(and(eq(emailSuppressions.storeId, storeId), eq(emailSuppressions.email, email)));
      await prefs('updateMemberEmailPreferences', { storeId, marketingConsent: true });
      expect(await suppression()).toMatchObject({ reason: 'bounced' });
      const { recipients } = (await callFunction(t.app, 'countSegmentRecipients', { storeId, filter: {} }, { as: creator })).json().result;
      expect(recipients).toBe(0);
    });

    it('needs the store’s own signed-in customer', async () => {
      for (const name of ['getMemberEmailPreferences', 'updateMemberEmailPreferences']) {
        const data = name === 'getMemberEmailPreferences' ? { storeId: otherStoreId } : { storeId: otherStoreId, marketingConsent: true };
        expect((await prefs(name, data)).statusCode, name).toBe(401);
        expect((await prefs(name, { ...data, storeId }, {})).statusCode, name).toBe(401);
      }
      expect(errorOf(await prefs('getMemberEmailPreferences', { storeId }, {})).message).toBe(MESSAGES.generic.unauthenticated);
    });
  });
});
