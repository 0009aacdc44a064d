import { AppError, type AvailabilityOverride, type Holiday } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { AvailabilityScreen } from './availability-screen.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());
const closed = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const WINTER: Holiday = { id: 'hol_winter', name: 'Winter break', startsOn: '2026-12-28', endsOn: '2027-01-01' };
const FAIR: Holiday = { id: 'hol_fair', name: 'Craft fair', startsOn: '2026-12-19', endsOn: '2026-12-19' };
const CHRISTMAS: AvailabilityOverride = { date: '2026-12-25', hours: [] };
const EVE: AvailabilityOverride = { date: '2026-12-24', hours: [{ start: '09:00', end: '12:00' }, { start: '14:00', end: '16:00' }] };

function show(state: { configured?: boolean; holidays?: Holiday[]; overrides?: AvailabilityOverride[]; refuse?: () => boolean } = {}) {
  let holidays = state.holidays ?? [];
  let overrides = state.overrides ?? [];
  answerFunctions(call, {
    getAvailability: () => ({ timeZone: 'Europe/Berlin', weeklyHours: closed, configured: state.configured ?? true }),
    listAvailabilityOverrides: () => ({ overrides }),
    listHolidays: () => ({ holidays }),
    listCalendarSources: () => ({ sources: [] }),
    getBookingFeedStatus: () => ({ active: false, createdAt: null }),
    deleteHoliday: (data: { holidayId: string }) => {
      if (state.refuse?.()) throw new AppError('not-found', 'Not found');
      holidays = holidays.filter((holiday) => holiday.id !== data.holidayId);
      return { deleted: true };
    },
    deleteAvailabilityOverride: (data: { date: string }) => {
      overrides = overrides.filter((override) => override.date !== data.date);
      return { overrides };
    },
  });
  renderForCreator(<AvailabilityScreen storeId="store_1" />);
}
const card = (name: string) => screen.getByRole('region', { name });

describe('the availability screen’s cards', { timeout: 30_000 }, () => {
  it('each card is named by its heading; with nothing saved it says so', async () => {
    show({ configured: false });
    expect(await screen.findByText('Every day is closed until you save your hours: calls cannot be booked or published before.')).toBeInTheDocument();
    expect(await within(card('Date overrides')).findByText('No overrides: every date follows your weekly hours.')).toBeInTheDocument();
    expect(await within(card('Holidays')).findByText('No holidays planned.')).toBeInTheDocument();
    for (const name of ['Weekly hours', 'Your other calendars']) expect(card(name)).toBeInTheDocument();
  });

  it('lists overrides with their date and hours (or a day off) and holidays with their dates', async () => {
    show({ holidays: [FAIR, WINTER], overrides: [EVE, CHRISTMAS] });
    const overrides = await within(card('Date overrides')).findByRole('list', { name: 'Date overrides' });
    const [eve, christmas] = within(overrides).getAllByRole('listitem');
    expect(eve).toHaveTextContent('Thursday, December 24, 2026');
    expect(eve).toHaveTextContent('09:00–12:00, 14:00–16:00');
    expect(christmas).toHaveTextContent('Friday, December 25, 2026Day off');
    const holidays = await within(card('Holidays')).findByRole('list', { name: 'Holidays' });
    const [fair, winter] = within(holidays).getAllByRole('listitem');
    expect(fair).toHaveTextContent('Craft fairSaturday, December 19, 2026Remove');
    expect(winter).toHaveTextContent('Winter breakMonday, December 28, 2026 – Friday, January 1, 2027');
    expect(screen.queryByText(/Every day is closed/)).not.toBeInTheDocument();
  });

  it('removing a holiday asks first: Cancel keeps it; a refusal shows in the dialog; confirming removes it', async () => {
    let refuse = true;
    show({ holidays: [WINTER], refuse: () => refuse });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Winter break' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Remove “Winter break”?' });
    expect(dialog).toHaveTextContent('Its dates follow your weekly hours again, so buyers can book them.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsOf(call, 'deleteHoliday')).toEqual([]);
    expect(within(card('Holidays')).getByText('Winter break')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Winter break' }));
    dialog = screen.getByRole('alertdialog', { name: 'Remove “Winter break”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove holiday' }));
    expect(await within(dialog).findByText('Not found')).toBeInTheDocument();
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove holiday' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsOf(call, 'deleteHoliday').at(-1)).toEqual({ storeId: 'store_1', holidayId: 'hol_winter' });
    expect(await within(card('Holidays')).findByText('No holidays planned.')).toBeInTheDocument();
  });

  it('removing an override asks first, then the date follows the weekly hours again', async () => {
    show({ overrides: [CHRISTMAS] });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove the override on Friday, December 25, 2026' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove this override?' });
    expect(dialog).toHaveTextContent('Friday, December 25, 2026 follows your weekly hours again.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove override' }));
    await waitFor(() => expect(callsOf(call, 'deleteAvailabilityOverride')).toEqual([{ storeId: 'store_1', date: '2026-12-25' }]));
    expect(await within(card('Date overrides')).findByText('No overrides: every date follows your weekly hours.')).toBeInTheDocument();
  });
});
