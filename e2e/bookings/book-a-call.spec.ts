import { expect, test, type Page } from '@playwright/test';
import { createStoreOwner, signedInContext } from '../support/creators.ts';
import { uniqueEmail } from '../support/mailbox.ts';
import { shotAtBothWidths, VIEWPORTS } from '../support/screens.ts';

const [PHONE, DESKTOP] = VIEWPORTS;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

/** The New York label ("3:00 AM") of a Berlin wall time on a date, whatever either zone's offset that day. */
function berlinInNewYork(date: string, time: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  for (const offset of [1, 2]) {
    const instant = new Date(Date.UTC(year, month - 1, day, hours - offset, minutes));
    const berlin = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
    if (berlin === time) return new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit' }).format(instant);
  }
  throw new Error(`no Berlin ${time} on ${date}`);
}

/** The chosen day of the slot picker as `YYYY-MM-DD`, read from its accessible name. */
async function chosenDate(page: Page): Promise<string> {
  const name = (await page.getByRole('radiogroup', { name: 'Day' }).getByRole('radio', { checked: true }).getAttribute('aria-label')) ?? '';
  const parsed = new Date(`${name.split(', ').slice(1, 3).join(', ')} 12:00 UTC`);
  return parsed.toISOString().slice(0, 10);
}

/**
 * A coaching call from both sides: a creator in Berlin opens Monday–Friday 09:00–12:00 and sells a
 * 30-minute call with 15 minutes' buffer; a buyer in New York sees those hours in New York time,
 * books one and pays with the test card; the time is then gone from the store's other call.
 */
test('a Berlin creator sells a call; a New York buyer books and pays, and the time is taken for every call', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const owner = await createStoreOwner(request, 'calls', { timeZone: 'Europe/Berlin' });
  const ownerContext = await signedInContext(browser, owner, { viewport: DESKTOP.viewport, timezoneId: 'Europe/Berlin' });
  const page = await ownerContext.newPage();

  // 1. Availability: Monday to Friday, 09:00–12:00 Berlin time.
  await page.goto('/dashboard/bookings/availability');
  const hours = page.getByRole('form', { name: 'Weekly hours' });
  await expect(hours.getByRole('combobox', { name: 'Your time zone' })).toHaveValue('Europe/Berlin');
  for (const day of WEEKDAYS) {
    await hours.getByRole('switch', { name: day }).click();
    await hours.getByLabel(`${day} period 1 opens`).fill('09:00');
    await hours.getByLabel(`${day} period 1 closes`).fill('12:00');
  }
  await hours.getByRole('button', { name: 'Save hours' }).click();
  await expect(page.getByText('Hours saved.', { exact: true })).toBeVisible();
  await shotAtBothWidths(page, 'bookings-availability');

  // 2. The call: 30 minutes, 15 minutes free after, a fixed video link; then published.
  await page.goto('/dashboard/products?new');
  await page.getByRole('link', { name: /Coaching call/ }).click();
  await page.getByLabel('Title', { exact: true }).fill('Strategy call');
  await page.getByLabel('Price ($)', { exact: true }).fill('50');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/[?&]edit=prd_/);
  const settings = page.getByRole('group', { name: 'Call settings' });
  await settings.getByLabel('Length (minutes)').fill('30');
  await settings.getByLabel('Free time after (minutes)').fill('15');
  await settings.getByLabel('Minimum notice (hours)').fill('0');
  await settings.getByRole('radio', { name: 'Video call, one link for all' }).check();
  await settings.getByRole('textbox', { name: 'Meeting link' }).fill('https://meet.example.com/maple');
  // A refund by how early the buyer cancels: full up to 48 hours before, then 40 %, none within 24 hours.
  await settings.getByLabel('When a buyer cancels in time').selectOption('tiered');
  await settings.getByLabel('Then refund (% of the payment)').fill('40');
  await settings.getByRole('button', { name: 'Save call settings' }).click();
  await expect(page.getByText('Call settings saved.', { exact: true })).toBeVisible();
  const saved = await owner.call<{ refundTiers: unknown }>('getCallSettings', { storeId: owner.storeId, productId: new URL(page.url()).searchParams.get('edit') });
  expect(saved.refundTiers).toEqual({ fullHours: 48, partialPercent: 40, noneHours: 24 });
  await shotAtBothWidths(page, 'bookings-call-editor');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published', { exact: true }).first()).toBeVisible();
  const strategy = await owner.call<{ slug: string }>('getProduct', { storeId: owner.storeId, productId: new URL(page.url()).searchParams.get('edit') });

  // A second call of the same store, through the functions.
  const intro = await owner.call<{ id: string; slug: string }>('createProduct', { storeId: owner.storeId, type: 'call', title: 'Intro call', priceMode: 'free' });
  await owner.call('updateCallSettings', {
    storeId: owner.storeId,
    productId: intro.id,
    settings: { durationMinutes: 30, bufferBeforeMinutes: 0, bufferAfterMinutes: 15, minNoticeMinutes: 0, bookingWindowDays: 60, dailyMax: null, location: { kind: 'per-booking-link', value: null }, intakeQuestions: [], packageSize: 1, packageValidityDays: null, changeNoticeHours: 24, refundOnCancel: 'full' },
  });
  await owner.call('updateProduct', { storeId: owner.storeId, productId: intro.id, status: 'published' });

  // 3. The buyer in New York, on a phone: New York times, then the test card.
  const buyerContext = await browser.newContext({ ...PHONE, timezoneId: 'America/New_York' });
  const buyer = await buyerContext.newPage();
  await buyer.goto(`/${owner.slug}/p/${strategy.slug}`);
  await expect(buyer.getByText('Times in America/New York')).toBeVisible();
  const times = buyer.getByRole('radiogroup', { name: /^Times on / });
  await expect(times).toBeVisible();
  const date = await chosenDate(buyer);
  const expected = ['09:00', '09:45', '10:30', '11:15'].map((time) => berlinInNewYork(date, time));
  const offered = await times.getByRole('radio').allTextContents();
  // The first open day may be today, with its earlier times already gone.
  expect(expected.slice(expected.length - offered.length)).toEqual(offered);
  await shotAtBothWidths(buyer, 'bookings-booking-page');
  const picked = offered[0]!;
  await times.getByRole('radio', { name: picked }).click();
  await buyer.getByLabel('Name', { exact: true }).fill('Nia York');
  await buyer.getByLabel('Email', { exact: true }).fill(uniqueEmail('caller'));
  await buyer.getByRole('button', { name: 'Book a call' }).click();
  await expect(buyer.getByText(/TEST MODE/)).toBeVisible();
  await buyer.getByLabel('Card number').fill('4242 4242 4242 4242');
  await buyer.getByLabel('Expiry (MM/YY)').fill('12/34');
  await buyer.getByLabel('CVC').fill('123');
  const nameOnCard = buyer.getByLabel('Name on card');
  if ((await nameOnCard.count()) > 0) await nameOnCard.fill('Nia York');
  await buyer.getByRole('button', { name: /^Pay/ }).click();
  await expect(buyer.getByRole('heading', { name: 'Your call is booked' })).toBeVisible();
  await expect(buyer.getByRole('link', { name: 'Manage your booking' })).toBeVisible();

  // 4. The same time is gone from the other call, on the same day.
  await buyer.goto(`/${owner.slug}/p/${intro.slug}`);
  const day = buyer.getByRole('radiogroup', { name: 'Day' }).getByRole('radio', { name: new RegExp(`^${new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}`) });
  await expect(day).toBeVisible();
  if ((await day.getAttribute('aria-disabled')) !== 'true') {
    await day.click();
    await expect(buyer.getByRole('radiogroup', { name: /^Times on / })).toBeVisible();
    await expect(buyer.getByRole('radiogroup', { name: /^Times on / }).getByRole('radio', { name: picked, exact: true })).toHaveCount(0);
  }

  // 5. The creator's bookings: the call, in Berlin time, with the buyer's own time beside it.
  await page.goto('/dashboard/bookings');
  const table = page.getByRole('table', { name: /Bookings/ });
  const row = table.getByRole('row', { name: /Strategy call/ });
  await expect(row).toBeVisible();
  await expect(row.getByText(`${picked} their time (America/New York)`)).toBeVisible();
  await expect(row.getByText('Confirmed')).toBeVisible();
  await shotAtBothWidths(page, 'bookings-list');
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  const week = page.getByRole('region', { name: 'Week of bookings' });
  await expect(week).toBeVisible();
  // The call may fall in the next calendar week.
  const placed = week.getByRole('button', { name: /Nia York, Strategy call, Confirmed$/ });
  // Only once this week's bookings have loaded (the booking, or the empty week's line) may it move on.
  const emptyWeek = week.getByText('No bookings this week.');
  await expect(placed.or(emptyWeek)).toBeVisible();
  if (await emptyWeek.isVisible()) await week.getByRole('button', { name: 'Next week' }).click();
  await placed.click();
  await expect(page.getByRole('region', { name: 'Booking of Nia York' })).toBeVisible();
  await shotAtBothWidths(page, 'bookings-week');

  await buyerContext.close();
  await ownerContext.close();
});
