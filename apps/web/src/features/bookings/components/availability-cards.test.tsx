import { AppError } from '@shopfront/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { HolidaysCard } from './holidays-card.tsx';
import { OverridesCard } from './overrides-card.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const summer = { id: 'hol_1', name: 'Summer break', startsOn: '2026-08-03', endsOn: '2026-08-14' };

describe('the holidays and date overrides cards', { timeout: 30_000 }, () => {
  it('removes a holiday only after the confirmation, and says so', async () => {
    let holidays = [summer];
    answerFunctions(call, {
      listHolidays: () => ({ holidays }),
      deleteHoliday: () => {
        holidays = [];
        return { deleted: true };
      },
    });
    renderForCreator(<HolidaysCard storeId="store_1" />);
    const list = await screen.findByRole('list', { name: 'Holidays' });
    expect(within(list).getByText('Summer break')).toBeInTheDocument();

    await userEvent.click(within(list).getByRole('button', { name: 'Remove Summer break' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove “Summer break”?' });
    expect(callsOf(call, 'deleteHoliday')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove holiday' }));
    expect(await screen.findByText('“Summer break” removed.')).toBeInTheDocument();
    expect(callsOf(call, 'deleteHoliday')).toEqual([{ storeId: 'store_1', holidayId: 'hol_1' }]);
    expect(await screen.findByText('No holidays planned.')).toBeInTheDocument();
  });

  it('keeps an override whose removal failed, with the server’s message in the dialog', async () => {
    answerFunctions(call, {
      listAvailabilityOverrides: () => ({ overrides: [{ date: '2026-12-24', hours: [] }] }),
      deleteAvailabilityOverride: () => {
        throw new AppError('unavailable', 'Try again in a moment.');
      },
    });
    renderForCreator(<OverridesCard storeId="store_1" />);
    const list = await screen.findByRole('list', { name: 'Date overrides' });
    expect(within(list).getByText('Day off')).toBeInTheDocument();

    await userEvent.click(within(list).getByRole('button', { name: /^Remove the override on / }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this override?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove override' }));
    expect(await within(dialog).findByText('Try again in a moment.')).toBeInTheDocument();
    expect(callsOf(call, 'deleteAvailabilityOverride')).toEqual([{ storeId: 'store_1', date: '2026-12-24' }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(list).getByText('Day off')).toBeInTheDocument();
  });

  it('says when there is nothing to list', async () => {
    answerFunctions(call, { listHolidays: () => ({ holidays: [] }), listAvailabilityOverrides: () => ({ overrides: [] }) });
    renderForCreator(
      <>
        <HolidaysCard storeId="store_1" />
        <OverridesCard storeId="store_1" />
      </>,
    );
    expect(await screen.findByText('No holidays planned.')).toBeInTheDocument();
    expect(await screen.findByText('No overrides: every date follows your weekly hours.')).toBeInTheDocument();
  });
});
