import { BOOKING_LIMITS as L, CALL_SETTINGS_MESSAGES as M, PRODUCT_MESSAGES, type CallSettings, type Product } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { asCreator, NOW, type CallShop } from '#src/testing/booking-checkouts.ts';

const ok = async <T>(reply: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> => {
  const response = await reply;
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return (response.json() as { result: T }).result;
};

const SETTINGS = {
  durationMinutes: 45,
  bufferBeforeMinutes: 5,
  bufferAfterMinutes: 10,
  minNoticeMinutes: 120,
  bookingWindowDays: 30,
  dailyMax: 3,
  location: { kind: 'video-url', value: 'https://meet.example.com/ada' },
  intakeQuestions: [{ label: 'What should we cover?', kind: 'long-text', required: true }],
  packageSize: 1,
  packageValidityDays: null,
  changeNoticeHours: 24,
  refundOnCancel: 'full',
};

describe('the call product type and its settings', () => {
  const clock = manualClock(new Date(NOW));
  let t: TestApp;
  let shop: CallShop;
  let fn: ReturnType<typeof asCreator>;
  let call: Product;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    const owner = await signedInCreator(t, { now: clock.now() });
    const store = await createStoreAs(t, owner, 'ada-calls');
    shop = { owner, storeId: store.id, slug: 'ada-calls' };
    fn = asCreator(t, shop);
    call = await ok<Product>(fn('createProduct', { type: 'call', title: 'Portfolio review', priceMode: 'fixed', priceCents: 9000 }));
  });
  afterAll(() => t?.close());

  it('a new call gets "Book a call" and default settings; its price is the product’s', async () => {
    expect(call.ctaLabel).toBe('Book a call');
    const settings = await ok<CallSettings>(fn('getCallSettings', { productId: call.id }));
    expect(settings).toMatchObject({ productId: call.id, durationMinutes: 30, location: { kind: 'per-booking-link', value: null }, packageSize: 1, refundOnCancel: 'full', priceCents: 9000, currency: 'USD' });
  });

  it('saves the settings whole and gives new questions their ids', async () => {
    const saved = await ok<CallSettings>(fn('updateCallSettings', { productId: call.id, settings: SETTINGS }));
    expect(saved).toMatchObject({ durationMinutes: 45, dailyMax: 3, location: SETTINGS.location, intakeQuestions: [{ label: 'What should we cover?', kind: 'long-text', required: true }] });
    const id = saved.intakeQuestions[0]!.id;
    expect(id).toMatch(/^q_/);
    const again = await ok<CallSettings>(fn('updateCallSettings', { productId: call.id, settings: { ...SETTINGS, intakeQuestions: saved.intakeQuestions } }));
    expect(again.intakeQuestions[0]!.id).toBe(id);
    expect(await ok<CallSettings>(fn('getCallSettings', { productId: call.id }))).toEqual(again);
  });

  const refused = async (settings: Record<string, unknown>) => {
    const response = await fn('updateCallSettings', { productId: call.id, settings: { ...SETTINGS, ...settings } });
    return response.statusCode === 200 ? 'saved' : errorOf(response).message;
  };

  it('every range holds on both sides', async () => {
    expect(await refused({ durationMinutes: L.durationMin })).toBe('saved');
    expect(await refused({ durationMinutes: L.durationMin - 1 })).toBe(M.duration);
    expect(await refused({ durationMinutes: L.durationMax })).toBe('saved');
    expect(await refused({ durationMinutes: L.durationMax + 1 })).toBe(M.duration);
    expect(await refused({ bufferAfterMinutes: L.bufferMax })).toBe('saved');
    expect(await refused({ bufferAfterMinutes: L.bufferMax + 1 })).toBe(M.buffer);
    expect(await refused({ minNoticeMinutes: L.minNoticeMax })).toBe('saved');
    expect(await refused({ minNoticeMinutes: L.minNoticeMax + 1 })).toBe(M.minNotice);
    expect(await refused({ bookingWindowDays: L.windowDaysMax })).toBe('saved');
    expect(await refused({ bookingWindowDays: 0 })).toBe(M.window);
    expect(await refused({ dailyMax: null })).toBe('saved');
    expect(await refused({ dailyMax: 0 })).toBe(M.dailyMax);
    expect(await refused({ changeNoticeHours: L.changeNoticeHoursMax })).toBe('saved');
    expect(await refused({ changeNoticeHours: L.changeNoticeHoursMax + 1 })).toBe(M.changeNotice);
    const question = { label: 'Q', kind: 'short-text', required: false };
    expect(await refused({ intakeQuestions: Array.from({ length: L.questionsMax }, () => question) })).toBe('saved');
    expect(await refused({ intakeQuestions: Array.from({ length: L.questionsMax + 1 }, () => question) })).toBe(M.tooManyQuestions);
    expect(await refused({ intakeQuestions: [{ ...question, label: 'x'.repeat(L.questionLabelMax) }] })).toBe('saved');
    expect(await refused({ intakeQuestions: [{ ...question, label: 'x'.repeat(L.questionLabelMax + 1) }] })).toBe(M.questionLabel);
    expect(await refused({ packageSize: L.packageSizeMax, packageValidityDays: L.packageValidityDaysMax })).toBe('saved');
    expect(await refused({ packageSize: L.packageSizeMax + 1, packageValidityDays: 30 })).toBe(M.packageSize);
    expect(await refused({ packageSize: 4, packageValidityDays: null })).toBe(M.packageValidity);
    expect(await refused({ packageSize: 1, packageValidityDays: 30 })).toBe(M.packageValidityForOne);
  });

  it('the location fits its kind', async () => {
    expect(await refused({ location: { kind: 'video-url', value: 'http://meet.example.com/ada' } })).toBe(M.videoUrl);
    expect(await refused({ location: { kind: 'phone', value: '' } })).toBe(M.locationRequired);
    expect(await refused({ location: { kind: 'per-booking-link', value: 'https://x.example' } })).toBe(M.locationNotUsed);
    expect(await refused({ location: { kind: 'in-person', value: 'x'.repeat(L.locationValueMax) } })).toBe('saved');
    expect(await refused({ location: { kind: 'in-person', value: 'x'.repeat(L.locationValueMax + 1) } })).toBe(M.locationTooLong);
    expect(await refused({ location: { kind: 'per-booking-link', value: null } })).toBe('saved');
  });

  it('publishing needs weekly hours, then succeeds', async () => {
    const publish = await fn('updateProduct', { productId: call.id, status: 'published' });
    expect([publish.statusCode, errorOf(publish).message]).toEqual([400, PRODUCT_MESSAGES.publishNeedsHours]);
    const closed = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
    await ok(fn('setAvailability', { timeZone: 'Europe/Berlin', weeklyHours: closed }));
    expect(errorOf(await fn('updateProduct', { productId: call.id, status: 'published' })).message).toBe(PRODUCT_MESSAGES.publishNeedsHours);
    await ok(fn('setAvailability', { timeZone: 'Europe/Berlin', weeklyHours: { ...closed, tue: [{ start: '09:00', end: '10:00' }] } }));
    expect((await ok<Product>(fn('updateProduct', { productId: call.id, status: 'published' }))).status).toBe('published');
  });

  it('is priced fixed or free, keeps its type, and is never in a bundle or an order bump', async () => {
    const pwyw = await fn('createProduct', { type: 'call', title: 'Chat', priceMode: 'pay-what-you-want', priceCents: 1000 });
    expect(pwyw.statusCode).toBe(400);
    expect(JSON.stringify(pwyw.json())).toContain(PRODUCT_MESSAGES.callPriceMode);
    const free = await ok<Product>(fn('createProduct', { type: 'call', title: 'Intro call', priceMode: 'free' }));
    expect(free.priceCents).toBe(0);
    const toDownload = await fn('updateProduct', { productId: call.id, type: 'digital' });
    expect(JSON.stringify(toDownload.json())).toContain(PRODUCT_MESSAGES.callTypeFixed);
    const download = await ok<Product>(fn('createProduct', { type: 'digital', title: 'Guide', priceMode: 'fixed', priceCents: 2000 }));
    expect(JSON.stringify((await fn('updateProduct', { productId: download.id, bundleProductIds: [call.id] })).json())).toContain(PRODUCT_MESSAGES.bundleItemNotDownload);
    expect(JSON.stringify((await fn('updateProduct', { productId: download.id, bumpProductId: call.id, bumpPriceCents: 100 })).json())).toContain(PRODUCT_MESSAGES.bumpNotDownload);
  });

  it('a product that is not a call answers like a missing call', async () => {
    const download = await ok<Product>(fn('createProduct', { type: 'digital', title: 'Zine', priceMode: 'fixed', priceCents: 500 }));
    const answer = await fn('getCallSettings', { productId: download.id });
    expect([answer.statusCode, errorOf(answer).message]).toEqual([404, M.notACall]);
  });
});
