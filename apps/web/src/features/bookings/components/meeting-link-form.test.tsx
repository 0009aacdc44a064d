import { AppError, MEETING_LINK_MESSAGES as ML, type CreatorBooking } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { testBooking } from '../lib/booking-data.ts';
import { WeekView } from './week-view.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());
// Monday 7 December 2026, noon in Berlin; the booking is Tuesday 09:00.
const NOW = Date.parse('2026-12-07T11:00:00Z');
const LINK = 'https://meet.example.com/ana';
const page = (bookings: CreatorBooking[]) => ({ bookings, total: bookings.length, page: 1, pageSize: 50, timeZone: 'Europe/Berlin' });
const perBooking = (value: string | null) => testBooking({ location: { kind: 'per-booking-link', value } });

/** The week with one booking (upcoming); its detail opened. */
async function openBooking(booking: () => CreatorBooking, extra: Parameters<typeof answerFunctions>[1] = {}) {
  answerFunctions(call, { listBookings: (data: { when: string }) => page(data.when === 'upcoming' ? [booking()] : []), ...extra });
  renderForCreator(<WeekView storeId="store_1" timeZone="Europe/Berlin" now={NOW} onAction={() => {}} />);
  await userEvent.click(await screen.findByRole('button', { name: /Ana Buyer, Strategy call, Confirmed/ }));
  return screen.getByRole('region', { name: 'Booking of Ana Buyer' });
}

describe('the meeting link of a call whose link is made per booking', { timeout: 30_000 }, () => {
  it('takes an https link only, shows the server’s refusal, then saves and offers to change it', async () => {
    let saved: string | null = null;
    let refuse = true;
    const detail = await openBooking(() => perBooking(saved), {
      setBookingMeetingLink: (data: { url: string }) => {
        if (refuse) throw new AppError('failed-precondition', ML.closed);
        saved = data.url;
        return perBooking(saved);
      },
    });
    const input = within(detail).getByRole('textbox', { name: 'Meeting link' });
    expect(input).toHaveValue('');
    expect(within(detail).getByText('No link yet: the buyer was told it will follow by email.')).toBeInTheDocument();

    await userEvent.type(input, 'http://meet.example.com/ana');
    await userEvent.click(within(detail).getByRole('button', { name: 'Save link' }));
    expect(within(detail).getByRole('alert')).toHaveTextContent(ML.url);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(callsOf(call, 'setBookingMeetingLink')).toEqual([]);

    await userEvent.clear(input);
    await userEvent.type(input, LINK);
    expect(within(detail).queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(within(detail).getByRole('button', { name: 'Save link' }));
    expect(await within(detail).findByRole('alert')).toHaveTextContent(ML.closed);

    refuse = false;
    await userEvent.click(within(detail).getByRole('button', { name: 'Save link' }));
    await waitFor(() => expect(callsOf(call, 'setBookingMeetingLink').at(-1)).toEqual({ storeId: 'store_1', bookingId: 'bkg_1', url: LINK }));
    expect(await within(detail).findByText('The buyer has this link. Changing it sends them an updated invite.')).toBeInTheDocument();
    expect(within(detail).getByRole('button', { name: 'Change link' })).toBeDisabled();
  });

  it('changes a saved link', async () => {
    const detail = await openBooking(() => perBooking(LINK), { setBookingMeetingLink: (data: { url: string }) => perBooking(data.url) });
    const input = within(detail).getByRole('textbox', { name: 'Meeting link' });
    expect(input).toHaveValue(LINK);
    await userEvent.clear(input);
    await userEvent.type(input, 'https://meet.example.com/ana-2');
    await userEvent.click(within(detail).getByRole('button', { name: 'Change link' }));
    await waitFor(() => expect(callsOf(call, 'setBookingMeetingLink')).toEqual([{ storeId: 'store_1', bookingId: 'bkg_1', url: 'https://meet.example.com/ana-2' }]));
  });

  it('is not offered for a call with its own link', async () => {
    const video = await openBooking(() => testBooking());
    expect(within(video).queryByRole('textbox', { name: 'Meeting link' })).not.toBeInTheDocument();
  });

  it('is not offered once the booking is cancelled', async () => {
    answerFunctions(call, { listBookings: (data: { when: string }) => page(data.when === 'upcoming' ? [testBooking({ status: 'cancelled', location: { kind: 'per-booking-link', value: null } })] : []) });
    renderForCreator(<WeekView storeId="store_1" timeZone="Europe/Berlin" now={NOW} onAction={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: /Ana Buyer, Strategy call, Cancelled/ }));
    expect(within(screen.getByRole('region', { name: 'Booking of Ana Buyer' })).queryByRole('textbox', { name: 'Meeting link' })).not.toBeInTheDocument();
  });
});
