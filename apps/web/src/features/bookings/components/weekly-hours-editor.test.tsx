import { AppError, type WeeklyHours } from '@shopfront/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HOURS_MESSAGES } from '../lib/hours-form.ts';
import { WeeklyHoursEditor } from './weekly-hours-editor.tsx';

const closed = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const weekdays: WeeklyHours = { ...closed, mon: [{ start: '09:00', end: '12:00' }], fri: [{ start: '13:00', end: '24:00' }] };

function renderEditor(onSave = vi.fn(async () => ({}))) {
  render(<WeeklyHoursEditor timeZone="Europe/Berlin" weeklyHours={weekdays} onSave={onSave} />);
  return onSave;
}

const setTime = (name: string, value: string) => {
  const input = screen.getByLabelText(name);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('the weekly hours editor', { timeout: 30_000 }, () => {
  it('shows each weekday open or closed, opens a day with default hours and saves the week as the server takes it', async () => {
    const onSave = renderEditor();
    expect(screen.getByRole('combobox', { name: 'Your time zone' })).toHaveValue('Europe/Berlin');
    expect(screen.getByRole('switch', { name: 'Monday' })).toBeChecked();
    expect(screen.getByLabelText('Monday period 1 opens')).toHaveValue('09:00');
    // Midnight at the end of the day is 00:00 in a time input, 24:00 on the wire.
    expect(screen.getByLabelText('Friday period 1 closes')).toHaveValue('00:00');
    expect(screen.getByRole('switch', { name: 'Saturday' })).not.toBeChecked();

    await userEvent.click(screen.getByRole('switch', { name: 'Saturday' }));
    expect(screen.getByLabelText('Saturday period 1 opens')).toHaveValue('09:00');
    expect(screen.getByLabelText('Saturday period 1 closes')).toHaveValue('17:00');
    await userEvent.click(screen.getByRole('button', { name: 'Add a period on Monday' }));
    setTime('Monday period 2 opens', '14:00');
    setTime('Monday period 2 closes', '16:30');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Your time zone' }), 'America/New_York');
    await userEvent.click(screen.getByRole('button', { name: 'Save hours' }));

    expect(onSave).toHaveBeenCalledWith({
      timeZone: 'America/New_York',
      weeklyHours: {
        ...closed,
        mon: [
          { start: '09:00', end: '12:00' },
          { start: '14:00', end: '16:30' },
        ],
        fri: [{ start: '13:00', end: '24:00' }],
        sat: [{ start: '09:00', end: '17:00' }],
      },
    });
  });

  it('refuses a period that ends before it starts, and periods that overlap, without saving', async () => {
    const onSave = renderEditor();
    setTime('Monday period 1 closes', '09:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    expect(await screen.findByText(HOURS_MESSAGES.periodOrder)).toBeInTheDocument();
    expect(screen.getByLabelText('Monday period 1 closes')).toHaveAttribute('aria-invalid', 'true');

    setTime('Monday period 1 closes', '12:00');
    await userEvent.click(screen.getByRole('button', { name: 'Add a period on Monday' }));
    setTime('Monday period 2 opens', '11:30');
    setTime('Monday period 2 closes', '13:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    expect(await screen.findByText(HOURS_MESSAGES.periodsOverlap)).toBeInTheDocument();
    expect(screen.queryByText(HOURS_MESSAGES.periodOrder)).not.toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    // Touching is not overlapping.
    setTime('Monday period 2 opens', '12:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(HOURS_MESSAGES.periodsOverlap)).not.toBeInTheDocument();
  });

  it('allows 12 periods a day and no 13th', async () => {
    renderEditor();
    const add = screen.getByRole('button', { name: 'Add a period on Monday' });
    for (let count = 1; count < 11; count += 1) await userEvent.click(add);
    expect(within(screen.getByRole('list', { name: 'Monday open periods' })).getAllByRole('listitem')).toHaveLength(11);
    expect(add).toBeEnabled();
    await userEvent.click(add);
    expect(within(screen.getByRole('list', { name: 'Monday open periods' })).getAllByRole('listitem')).toHaveLength(12);
    expect(add).toBeDisabled();
  });

  it('closes a day when its last period is removed', async () => {
    const onSave = renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Monday period 1' }));
    expect(screen.getByRole('switch', { name: 'Monday' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    expect(onSave).toHaveBeenCalledWith({ timeZone: 'Europe/Berlin', weeklyHours: { ...closed, fri: [{ start: '13:00', end: '24:00' }] } });
  });

  it('shows the server’s refusal and keeps the changes', async () => {
    renderEditor(vi.fn(async () => Promise.reject(new AppError('invalid-argument', 'Choose a time zone from the list'))));
    await userEvent.click(screen.getByRole('switch', { name: 'Sunday' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    expect(await screen.findByText('Choose a time zone from the list')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Sunday' })).toBeChecked();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });
});
