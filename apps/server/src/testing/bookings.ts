// Exports seedCallProduct and seedAvailability: call rows for booking tests, written straight to the database.
import { newId } from '#src/db/ids.ts';
import { callSettings, products, storeAvailability, type CallSettingsRow, type WeeklyHours } from '#src/db/schema/index.ts';
import type { TestApp } from '#src/testing/test-app.ts';

let counter = 0;

/**
 * A call product: a draft `call` product row
 * and its settings, by default 30-minute calls with a 15-minute buffer after and no notice.
 */
export async function seedCallProduct(t: Pick<TestApp, 'db'>, storeId: string, settings: Partial<Omit<CallSettingsRow, 'productId' | 'storeId'>> = {}): Promise<string> {
  const productId = newId('prd');
  const title = settings.locationKind === undefined ? `Call ${++counter}` : `Call ${++counter} (${settings.locationKind})`;
  await t.db.insert(products).values({ id: productId, storeId, slug: `call-${counter}-${productId.slice(-6)}`, type: 'call', title, priceMode: 'fixed', priceCents: 5000, currency: 'USD', ctaLabel: 'Book', status: 'draft' });
  await t.db.insert(callSettings).values({
    productId,
    storeId,
    durationMinutes: 30,
    bufferAfterMinutes: 15,
    minNoticeMinutes: 0,
    locationKind: 'video-url',
    locationValue: 'https://meet.example.com/creator',
    ...settings,
  });
  return productId;
}

/** The store's weekly hours, by default Europe/Berlin Monday to Friday 09:00–12:00. */
export async function seedAvailability(t: Pick<TestApp, 'db'>, storeId: string, options: { timeZone?: string; weeklyHours?: WeeklyHours } = {}): Promise<void> {
  const morning = [{ start: '09:00', end: '12:00' }];
  await t.db.insert(storeAvailability).values({
    storeId,
    timeZone: options.timeZone ?? 'Europe/Berlin',
    weeklyHours: options.weeklyHours ?? { mon: morning, tue: morning, wed: morning, thu: morning, fri: morning, sat: [], sun: [] },
  });
}
