import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { createStoreOwner, signedInContext, type StoreOwner } from '../support/creators.ts';
import { inviteIn, readMailbox, uniqueEmail, waitForCode, waitForMessage, type MailboxMessage } from '../support/mailbox.ts';
import { shotAtBothWidths, VIEWPORTS } from '../support/screens.ts';

const [PHONE, DESKTOP] = VIEWPORTS;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const morning = [{ start: '09:00', end: '12:00' }];

/** The messages to `to` whose subject matches, oldest first. */
async function messages(request: APIRequestContext, to: string, subject: RegExp): Promise<MailboxMessage[]> {
  return (await readMailbox(request, to)).filter((message) => subject.test(message.subject)).reverse();
}

/**
 * Moves the store's test clock past `target` (a time on that clock), by less than an hour, with the
 * dashboard's own control (Settings → Test clock: "+1 day", then "+1 hour" buttons). The clock's
 * time is read from the API to count the clicks.
 */
async function moveTestClockPast(owner: StoreOwner, panel: Locator, target: number): Promise<void> {
  const clock = await owner.call<{ now: string }>('getStoreTestClock', { storeId: owner.storeId });
  const ahead = target - Date.parse(clock.now);
  const days = Math.floor(ahead / DAY);
  const hours = Math.floor((ahead - days * DAY) / HOUR) + 1;
  const moved = panel.getByRole('status');
  for (const [label, times] of [['+1 day', days], ['+1 hour', hours]] as const) {
    for (let step = 0; step < times; step++) {
      await panel.getByRole('button', { name: label }).click();
      await expect(moved).toHaveText(new RegExp(`^Moved ${label.slice(1)} forward\\.`));
    }
  }
}

/**
 * After a paid (test-mode) booking, the buyer moves the call from the members area: both sides get
 * an updated invite for the same calendar event (same UID, higher SEQUENCE, read from the
 * mailbox's `.ics`); the creator then moves the store's test clock from the dashboard's Settings
 * (desktop; the buyer is on a phone), which brings the 24-hour and 1-hour reminders, to both
 * sides, once each, and nothing for the time the call had before.
 */
test('a buyer reschedules from the members area; both sides get the updated invite, then both reminders on the test clock', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const owner = await createStoreOwner(request, 'moves', { timeZone: 'Europe/Berlin' });
  await owner.call('setAvailability', { storeId: owner.storeId, timeZone: 'Europe/Berlin', weeklyHours: { mon: morning, tue: morning, wed: morning, thu: morning, fri: morning, sat: [], sun: [] } });
  const call = await owner.call<{ id: string; slug: string }>('createProduct', { storeId: owner.storeId, type: 'call', title: 'Strategy call', priceMode: 'fixed', priceCents: 5000 });
  // Two days' notice: every offered time is more than 24 hours ahead, so both reminders are due later.
  await owner.call('updateCallSettings', {
    storeId: owner.storeId,
    productId: call.id,
    settings: { durationMinutes: 30, bufferBeforeMinutes: 0, bufferAfterMinutes: 15, minNoticeMinutes: 48 * 60, bookingWindowDays: 60, dailyMax: null, location: { kind: 'video-url', value: 'https://meet.example.com/maple' }, intakeQuestions: [], packageSize: 1, packageValidityDays: null, changeNoticeHours: 24, refundOnCancel: 'full' },
  });
  await owner.call('updateProduct', { storeId: owner.storeId, productId: call.id, status: 'published' });

  // 1. The buyer in New York books the first time offered and pays with the test card.
  const buyerEmail = uniqueEmail('mover');
  const context = await browser.newContext({ ...PHONE, timezoneId: 'America/New_York' });
  const buyer = await context.newPage();
  await buyer.goto(`/${owner.slug}/p/${call.slug}`);
  const times = buyer.getByRole('radiogroup', { name: /^Times on / });
  await expect(times).toBeVisible();
  await times.getByRole('radio').first().click();
  await buyer.getByLabel('Name', { exact: true }).fill('Nia York');
  await buyer.getByLabel('Email', { exact: true }).fill(buyerEmail);
  await buyer.getByRole('button', { name: 'Book a call' }).click();
  await buyer.getByLabel('Card number').fill('4242 4242 4242 4242');
  await buyer.getByLabel('Expiry (MM/YY)').fill('12/34');
  await buyer.getByLabel('CVC').fill('123');
  const nameOnCard = buyer.getByLabel('Name on card');
  if ((await nameOnCard.count()) > 0) await nameOnCard.fill('Nia York');
  await buyer.getByRole('button', { name: /^Pay/ }).click();
  await expect(buyer.getByRole('heading', { name: 'Your call is booked' })).toBeVisible();
  await expect(buyer.getByRole('link', { name: 'Manage your booking' })).toBeVisible();
  const booked = await inviteIn(request, await waitForMessage(request, buyerEmail, /^Booked: Strategy call/));
  const announced = await inviteIn(request, await waitForMessage(request, owner.email, /^New booking: Strategy call with Nia York/));
  expect(booked).toMatchObject({ method: 'REQUEST', uid: announced.uid, sequence: announced.sequence });
  const [first] = (await owner.call<{ bookings: { id: string; startsAt: string }[] }>('listBookings', { storeId: owner.storeId })).bookings;

  // 2. The buyer makes a members account with the same email and moves the call to a later time.
  await buyer.goto(`/${owner.slug}/members/signup`);
  await buyer.getByLabel('Name', { exact: true }).fill('Nia York');
  await buyer.getByLabel('Email', { exact: true }).fill(buyerEmail);
  await buyer.getByLabel('Password', { exact: true }).fill('member-Password-7');
  await buyer.getByLabel('Confirm password').fill('member-Password-7');
  await buyer.getByRole('button', { name: 'Continue' }).click();
  await buyer.getByLabel('Verification code').fill(await waitForCode(request, buyerEmail, { subject: /verification code/i }));
  await buyer.getByRole('button', { name: 'Verify and create account' }).click();
  await expect(buyer.getByRole('navigation', { name: 'Members area' })).toBeVisible();
  await buyer.goto(`/${owner.slug}/members/bookings`);
  await buyer.getByRole('button', { name: 'Reschedule Strategy call' }).click();
  const dialog = buyer.getByRole('dialog', { name: 'Choose a new time' });
  const newTimes = dialog.getByRole('radiogroup', { name: /^Times on / });
  await expect(newTimes).toBeVisible();
  // The booked time is taken, so every time offered is later than it.
  await newTimes.getByRole('radio').last().click();
  await dialog.getByRole('button', { name: /^Move to / }).click();
  await expect(buyer.getByText(/^Moved to .*A new invite is on its way\.$/)).toBeVisible();
  // Before confirming a cancel, the buyer reads what it would refund now (the call's policy: in full); they keep the call.
  await buyer.getByRole('button', { name: 'Cancel Strategy call' }).click();
  const cancelling = buyer.getByRole('alertdialog', { name: 'Cancel this call?' });
  await expect(cancelling).toContainText('Cancelling now refunds your payment of $50.00.');
  await shotAtBothWidths(buyer, 'members-cancel-refund');
  await cancelling.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(cancelling).toBeHidden();

  const [moved] = (await owner.call<{ bookings: { id: string; startsAt: string }[] }>('listBookings', { storeId: owner.storeId })).bookings;
  expect(moved!.id).toBe(first!.id);
  const start = Date.parse(moved!.startsAt);
  expect(start).toBeGreaterThan(Date.parse(first!.startsAt));

  // 3. Both sides: the same event (UID), a higher SEQUENCE.
  for (const [to, subject, before] of [
    [buyerEmail, /^Moved: Strategy call/, booked],
    [owner.email, /^Booking moved: Strategy call with Nia York/, announced],
  ] as const) {
    const invite = await inviteIn(request, await waitForMessage(request, to, subject));
    expect(invite.method).toBe('REQUEST');
    expect(invite.uid).toBe(before.uid);
    expect(invite.sequence).toBeGreaterThan(before.sequence);
  }

  // 4. The creator moves the store's test clock from Settings on a desktop: 24 hours before the new
  // time, then 1 hour before; each reminder to each side, once.
  const creatorContext = await signedInContext(browser, owner, DESKTOP);
  const dashboard = await creatorContext.newPage();
  // The creator's cancel offers the refund of what is left, as an amount they may lower; they keep the call.
  await dashboard.goto('/dashboard/bookings');
  await dashboard.getByRole('button', { name: 'Cancel Strategy call with Nia York' }).click();
  const creatorCancel = dashboard.getByRole('alertdialog', { name: 'Cancel this call?' });
  await expect(creatorCancel.getByLabel('Amount to refund')).toHaveValue('50.00');
  await shotAtBothWidths(dashboard, 'creator-cancel-refund');
  await creatorCancel.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(creatorCancel).toBeHidden();
  await dashboard.goto('/dashboard/settings');
  const panel = dashboard.getByRole('region', { name: 'Test clock' });
  await expect(panel.getByText(/^The test clock shows real time\.$/)).toBeVisible();
  const reminders = async (to: string) => (await messages(request, to, /^Reminder: Strategy call/)).map((message) => message.subject);
  await moveTestClockPast(owner, panel, start - 24 * HOUR);
  for (const to of [buyerEmail, owner.email]) {
    await expect.poll(() => reminders(to), { timeout: 30_000 }).toEqual([expect.stringMatching(/ in 24 hours$/)]);
  }
  await moveTestClockPast(owner, panel, start - HOUR);
  for (const to of [buyerEmail, owner.email]) {
    await expect.poll(() => reminders(to), { timeout: 30_000 }).toEqual([expect.stringMatching(/ in 24 hours$/), expect.stringMatching(/ in 1 hour$/)]);
  }
  const [lastReminder] = (await messages(request, owner.email, /^Reminder: /)).slice(-1);
  expect(lastReminder!.subject).toBe('Reminder: Strategy call with Nia York in 1 hour');

  await creatorContext.close();
  await context.close();
});
