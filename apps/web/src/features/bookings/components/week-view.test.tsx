import type { CreatorBooking } from '@shopfront/core';
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
// Monday 7 December 2026, noon in Berlin.
const NOW = Date.parse('2026-12-07T11:00:00Z');
const page = (bookings: CreatorBooking[]) => ({ bookings, total: bookings.length, page: 1, pageSize: 50, timeZone: 'Europe/Berlin' });
// Tuesday 09:00 Berlin (upcoming) and Monday 08:00 Berlin (ended this morning, so in the past list).
const ana = testBooking();
const cy = testBooking({ id: 'bkg_cy', buyerName: 'Cy', startsAt: '2026-12-07T07:00:00.000Z', endsAt: '2026-12-07T07:30:00.000Z', answers: [] });

function show(bookings: { upcoming: CreatorBooking[]; past: CreatorBooking[] }, timeZone = 'Europe/Berlin') {
  const onAction = vi.fn();
  answerFunctions(call, { listBookings: (data: { when: 'upcoming' | 'past' }) => page(bookings[data.when]) });
  renderForCreator(<WeekView storeId="store_1" timeZone={timeZone} now={NOW} onAction={onAction} />);
  return onAction;
}

describe('the week of bookings', { timeout: 30_000 }, () => {
  it('shows the seven days of this week, each booking on its day at its time in the store’s zone, past and upcoming', async () => {
    show({ upcoming: [ana], past: [cy] });
    expect(screen.getByRole('heading', { name: 'Dec 7 – Dec 13' })).toBeInTheDocument();
    const tuesday = await screen.findByRole('list', { name: 'Bookings on Tuesday, December 8, 2026' });
    expect(within(tuesday).getByRole('button', { name: '9:00 AM, Ana Buyer, Strategy call, Confirmed' })).toBeInTheDocument();
    const monday = screen.getByRole('list', { name: 'Bookings on Monday, December 7, 2026' });
    expect(within(monday).getByRole('button', { name: '8:00 AM, Cy, Strategy call, Confirmed' })).toBeInTheDocument();
    for (const day of ['Wednesday, December 9', 'Thursday, December 10', 'Friday, December 11', 'Saturday, December 12', 'Sunday, December 13']) {
      expect(within(screen.getByRole('list', { name: `Bookings on ${day}, 2026` })).queryAllByRole('button')).toEqual([]);
    }
    expect(callsOf(call, 'listBookings')).toEqual([
      { storeId: 'store_1', when: 'upcoming', from: '2026-12-06T00:00:00.000Z', to: '2026-12-15T00:00:00.000Z' },
      { storeId: 'store_1', when: 'past', from: '2026-12-06T00:00:00.000Z', to: '2026-12-15T00:00:00.000Z' },
    ]);
    expect(screen.queryByText('No bookings this week.')).not.toBeInTheDocument();
  });

  it('places times in the zone it is given: New York sees the same call at 3:00 AM', async () => {
    show({ upcoming: [ana], past: [] }, 'America/New_York');
    const tuesday = await screen.findByRole('list', { name: 'Bookings on Tuesday, December 8, 2026' });
    expect(within(tuesday).getByRole('button', { name: /^3:00 AM, Ana Buyer/ })).toBeInTheDocument();
  });

  it('says when a week has no bookings, and moves between weeks', async () => {
    show({ upcoming: [], past: [] });
    expect(await screen.findByText('No bookings this week.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(screen.getByRole('heading', { name: 'Dec 14 – Dec 20' })).toBeInTheDocument();
    await waitFor(() => expect(callsOf(call, 'listBookings').at(-1)).toMatchObject({ from: '2026-12-13T00:00:00.000Z', to: '2026-12-22T00:00:00.000Z' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(screen.getByRole('heading', { name: 'Nov 30 – Dec 6' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'This week' }));
    expect(screen.getByRole('heading', { name: 'Dec 7 – Dec 13' })).toBeInTheDocument();
  });

  it('a booking opens from the keyboard with its times in both zones, answers and actions, and closes again', async () => {
    const onAction = show({ upcoming: [ana], past: [] });
    const button = await screen.findByRole('button', { name: /^9:00 AM, Ana Buyer/ });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-pressed', 'true');
    const detail = screen.getByRole('region', { name: 'Booking of Ana Buyer' });
    expect(within(detail).getByText('Tue, Dec 8, 9:00 AM – 9:30 AM')).toBeInTheDocument();
    expect(within(detail).getByText('3:00 AM their time (America/New York)')).toBeInTheDocument();
    expect(within(detail).getByText('Pricing my mugs')).toBeInTheDocument();
    await userEvent.click(within(detail).getByRole('button', { name: 'Reschedule' }));
    expect(onAction).toHaveBeenCalledWith('reschedule', ana);
    // Not started yet: no no-show.
    expect(within(detail).queryByRole('button', { name: 'No-show' })).not.toBeInTheDocument();
    button.focus();
    await userEvent.keyboard(' ');
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('region', { name: 'Booking of Ana Buyer' })).not.toBeInTheDocument();
  });

  it('a started call offers no-show, not reschedule; the close button closes the detail', async () => {
    const onAction = show({ upcoming: [], past: [cy] });
    await userEvent.click(await screen.findByRole('button', { name: /^8:00 AM, Cy/ }));
    const detail = screen.getByRole('region', { name: 'Booking of Cy' });
    expect(within(detail).queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
    await userEvent.click(within(detail).getByRole('button', { name: 'No-show' }));
    expect(onAction).toHaveBeenCalledWith('no-show', cy);
    await userEvent.click(within(detail).getByRole('button', { name: 'Close the booking' }));
    expect(screen.queryByRole('region', { name: 'Booking of Cy' })).not.toBeInTheDocument();
  });
});
