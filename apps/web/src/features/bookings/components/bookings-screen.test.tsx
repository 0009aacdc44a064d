import { AppError, COMMERCE_MESSAGES, MEETING_LINK_MESSAGES, type CreatorBooking } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { testBooking } from '../lib/booking-data.ts';
import { BookingsScreen, NO_BOOKINGS_TEXT } from './bookings-screen.tsx';

const call = fakeFunctions();
// Monday 7 December 2026, noon in Berlin.
const NOW = Date.parse('2026-12-07T11:00:00Z');
const closed = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const products = [
  { id: 'prd_call', title: 'Strategy call' },
  { id: 'prd_intro', title: 'Intro call' },
];
const page = (bookings: CreatorBooking[]) => ({ bookings, total: bookings.length, page: 1, pageSize: 50, timeZone: 'Europe/Berlin' });
const render = () => renderForCreator(<BookingsScreen storeId="store_1" products={products} now={() => NOW} />);

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:bookings');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.clearAllMocks());

describe('the bookings list', { timeout: 30_000 }, () => {
  it('shows each booking in the store’s zone and the buyer’s, with status, and the answers in a row that opens', async () => {
    const bo = testBooking({ id: 'bkg_2', buyerName: '', buyerEmail: 'bo@example.com', buyerTimeZone: 'Europe/Berlin', answers: [], status: 'cancelled', startsAt: '2026-12-09T13:00:00.000Z', endsAt: '2026-12-09T13:30:00.000Z' });
    answerFunctions(call, { getAvailability: () => ({ timeZone: 'Europe/Berlin', weeklyHours: closed, configured: true }), listBookings: () => page([testBooking(), bo]) });
    render();
    const table = await screen.findByRole('table', { name: /Bookings/ });
    const ana = within(table).getByRole('row', { name: /Tue, Dec 8, 9:00 AM – 9:30 AM/ });
    expect(within(ana).getByText('3:00 AM their time (America/New York)')).toBeInTheDocument();
    expect(within(ana).getByText('Strategy call')).toBeInTheDocument();
    expect(within(ana).getByText('Ana Buyer')).toBeInTheDocument();
    expect(within(ana).getByText('ana@example.com')).toBeInTheDocument();
    expect(within(ana).getByText('Confirmed')).toBeInTheDocument();
    expect(screen.getByText('2 bookings · times in Europe/Berlin')).toBeInTheDocument();

    const boRow = within(table).getByRole('row', { name: /Wed, Dec 9, 2:00 PM/ });
    expect(within(boRow).getByText('Cancelled')).toBeInTheDocument();
    expect(within(boRow).getByText('None')).toBeInTheDocument();
    // Booked in the store's zone: no second time. Cancelled: no actions.
    expect(within(boRow).queryByText(/their time/)).not.toBeInTheDocument();
    expect(within(boRow).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();

    expect(screen.queryByText('Pricing my mugs')).not.toBeInTheDocument();
    await userEvent.click(within(ana).getByRole('button', { name: 'Show 1 answer of Ana Buyer' }));
    const answers = screen.getByRole('definition');
    expect(answers).toHaveTextContent('Pricing my mugs');
    expect(screen.getByRole('term')).toHaveTextContent('What should we talk about?');
    expect(within(ana).getByRole('button', { name: 'Hide 1 answer of Ana Buyer' })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(within(ana).getByRole('button', { name: 'Hide 1 answer of Ana Buyer' }));
    expect(screen.queryByText('Pricing my mugs')).not.toBeInTheDocument();
  });

  it('asks the server for the filters and exports the same filters as CSV', async () => {
    answerFunctions(call, {
      getAvailability: () => ({ timeZone: 'Europe/Berlin', weeklyHours: closed, configured: true }),
      listBookings: () => page([]),
      exportBookingsCsv: () => ({ filename: 'bookings.csv', csv: 'a,b\n', rows: 0, truncated: false }),
    });
    render();
    expect(await screen.findByText(NO_BOOKINGS_TEXT)).toBeInTheDocument();
    expect(callsOf(call, 'listBookings').at(-1)).toEqual({ storeId: 'store_1', when: 'upcoming', page: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Past' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Call' }), 'Intro call');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'No-show');
    await waitFor(() => expect(callsOf(call, 'listBookings').at(-1)).toEqual({ storeId: 'store_1', when: 'past', productId: 'prd_intro', status: 'no_show', page: 1 }));
    // Holds are checkout states, not bookings to manage.
    expect(within(screen.getByRole('combobox', { name: 'Status' })).queryByRole('option', { name: 'Held' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(callsOf(call, 'exportBookingsCsv')).toEqual([{ storeId: 'store_1', when: 'past', productId: 'prd_intro', status: 'no_show' }]));
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('cancels a booking with its refund after confirming, and shows a refusal inside the dialog', async () => {
    let status: CreatorBooking['status'] = 'confirmed';
    let refuse = true;
    answerFunctions(call, {
      getAvailability: () => ({ timeZone: 'Europe/Berlin', weeklyHours: closed, configured: true }),
      listBookings: () => page([testBooking({ status })]),
      cancelCallBooking: () => {
        if (refuse) throw new AppError('failed-precondition', 'Only a confirmed booking can be changed.');
        status = 'cancelled';
        return { booking: testBooking({ status }), refundedCents: 5000 };
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Strategy call with Ana Buyer' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this call?' });
    expect(within(dialog).getByRole('checkbox', { name: 'Refund the buyer' })).toBeChecked();
    expect(within(dialog).getByText('$50.00 is left on this order.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Amount to refund')).toHaveValue('50.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel call' }));
    expect(await within(dialog).findByText('Only a confirmed booking can be changed.')).toBeInTheDocument();

    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel call' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsOf(call, 'cancelCallBooking').at(-1)).toEqual({ storeId: 'store_1', bookingId: 'bkg_1', refund: true });
    expect(await within(screen.getByRole('table', { name: /Bookings/ })).findByText('Cancelled')).toBeInTheDocument();
  });

  it('refunds an amount the creator types, after checking it against what is left on the order', async () => {
    answerFunctions(call, {
      getAvailability: () => ({ timeZone: 'Europe/Berlin', weeklyHours: closed, configured: true }),
      listBookings: () => page([testBooking({ refundedCents: 1000 })]),
      cancelCallBooking: () => ({ booking: testBooking({ status: 'cancelled' }), refundedCents: 1234 }),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Strategy call with Ana Buyer' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this call?' });
    const amount = within(dialog).getByLabelText('Amount to refund');
    expect(amount).toHaveValue('40.00');
    for (const [typed, message] of [
      ['40.01', COMMERCE_MESSAGES.refundAmountTooHigh],
      ['0', COMMERCE_MESSAGES.refundAmountTooLow],
      ['ten', 'Enter an amount like $40.00'],
    ] as const) {
      await userEvent.clear(amount);
      await userEvent.type(amount, typed);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel call' }));
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(callsOf(call, 'cancelCallBooking')).toEqual([]);
    await userEvent.clear(amount);
    await userEvent.type(amount, '12.34');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel call' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsOf(call, 'cancelCallBooking').at(-1)).toEqual({ storeId: 'store_1', bookingId: 'bkg_1', refund: true, refundCents: 1234 });
  });

  it('sets the meeting link of a call whose link is made per booking from its row, after checking it is https', async () => {
    const perBooking = testBooking({ location: { kind: 'per-booking-link', value: null } });
    answerFunctions(call, {
      getAvailability: () => ({ timeZone: 'Europe/Berlin', weeklyHours: closed, configured: true }),
      listBookings: () => page([perBooking, testBooking({ id: 'bkg_2', buyerName: 'Bo Video' })]),
      setBookingMeetingLink: (input: { url: string }) => testBooking({ location: { kind: 'per-booking-link', value: input.url } }),
    });
    render();
    const table = await screen.findByRole('table', { name: /Bookings/ });
    // Only the call with a link per booking offers it.
    expect(within(table).queryByRole('button', { name: 'Add the meeting link of Strategy call with Bo Video' })).not.toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Add the meeting link of Strategy call with Ana Buyer' }));
    const dialog = screen.getByRole('dialog', { name: 'Meeting link' });
    const link = within(dialog).getByLabelText('Meeting link');
    await userEvent.type(link, 'http://meet.example.com/ana');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save link' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MEETING_LINK_MESSAGES.url);
    expect(callsOf(call, 'setBookingMeetingLink')).toEqual([]);
    await userEvent.clear(link);
    await userEvent.type(link, 'https://meet.example.com/ana');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save link' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Meeting link' })).not.toBeInTheDocument());
    expect(callsOf(call, 'setBookingMeetingLink')).toEqual([{ storeId: 'store_1', bookingId: 'bkg_1', url: 'https://meet.example.com/ana' }]);
  });

  it('reschedules from the creator’s open times (getCallOpenSlots, the booking’s own time free) and sends the chosen one', async () => {
    // The picker's week starts today (real time): offer tomorrow 15:00 UTC.
    const tomorrow = new Date(Date.now() + 86_400_000);
    const start = `${tomorrow.toISOString().slice(0, 10)}T15:00:00.000Z`;
    answerFunctions(call, {
      getAvailability: () => ({ timeZone: 'Europe/Berlin', weeklyHours: closed, configured: true }),
      listBookings: () => page([testBooking()]),
      getCallOpenSlots: () => ({ days: [{ date: start.slice(0, 10), slots: [{ startsAt: start, time: '16:00', offset: '+01:00' }] }], timeZone: 'Europe/Berlin', durationMinutes: 30 }),
      rescheduleCallBooking: () => testBooking({ startsAt: start, endsAt: new Date(Date.parse(start) + 1_800_000).toISOString() }),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Reschedule Strategy call with Ana Buyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule the call' });
    const times = await within(dialog).findByRole('radiogroup', { name: /^Times on/ });
    expect(callsOf(call, 'getCallOpenSlots').at(-1)).toMatchObject({ storeId: 'store_1', productId: 'prd_call', bookingId: 'bkg_1', timeZone: 'Europe/Berlin' });
    expect(callsOf(call, 'getOpenSlots')).toEqual([]);
    await userEvent.click(within(times).getByRole('radio'));
    await userEvent.click(within(dialog).getByRole('button', { name: /^Move to / }));
    await waitFor(() => expect(callsOf(call, 'rescheduleCallBooking')).toEqual([{ storeId: 'store_1', bookingId: 'bkg_1', startsAt: start }]));
  });

  it('offers no-show only once a call has started, and reschedule only before', async () => {
    answerFunctions(call, {
      getAvailability: () => ({ timeZone: 'Europe/Berlin', weeklyHours: closed, configured: true }),
      listBookings: () => page([testBooking(), testBooking({ id: 'bkg_3', buyerName: 'Cy', startsAt: '2026-12-07T10:00:00.000Z', endsAt: '2026-12-07T10:30:00.000Z' })]),
      markBookingNoShow: () => testBooking({ id: 'bkg_3', status: 'no_show' }),
    });
    render();
    expect(await screen.findByRole('button', { name: 'Reschedule Strategy call with Ana Buyer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark Strategy call with Ana Buyer as a no-show' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reschedule Strategy call with Cy' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark Strategy call with Cy as a no-show' }));
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Mark as a no-show?' })).getByRole('button', { name: 'Mark no-show' }));
    await waitFor(() => expect(callsOf(call, 'markBookingNoShow')).toEqual([{ storeId: 'store_1', bookingId: 'bkg_3' }]));
  });
});
