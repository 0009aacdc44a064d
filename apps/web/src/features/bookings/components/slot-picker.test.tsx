import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NO_TIMES_THIS_WEEK, SlotPicker } from './slot-picker.tsx';
import type { LoadSlots } from './use-week-slots.ts';

// Monday 7 December 2026, 09:00 in New York (14:00 UTC).
const NOW = new Date('2026-12-07T14:00:00Z');
// Berlin 09:00–12:00 on Tue and Wed, as instants: 03:00, 03:45 and 04:30 in New York.
const TUESDAY = ['2026-12-08T08:00:00.000Z', '2026-12-08T08:45:00.000Z', '2026-12-08T09:30:00.000Z'];
const WEDNESDAY = ['2026-12-09T08:00:00.000Z'];

function Picker({ loadSlots, zone = 'America/New_York', now = NOW, onPick = () => {} }: { loadSlots: LoadSlots; zone?: string; now?: Date; onPick?: (start: string | null) => void }) {
  const [timeZone, setTimeZone] = useState(zone);
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <SlotPicker
        timeZone={timeZone}
        onTimeZoneChange={setTimeZone}
        value={value}
        onChange={(start) => {
          setValue(start);
          onPick(start);
        }}
        loadSlots={loadSlots}
        now={() => now}
      />
      <p data-testid="chosen">{value ?? 'none'}</p>
    </>
  );
}

const answering = (starts: string[]) => vi.fn<LoadSlots>(async () => starts);

describe('the slot picker', () => {
  it('shows the week in the buyer’s zone, opens on the first day with times and labels them there', async () => {
    const load = answering([...TUESDAY, ...WEDNESDAY]);
    render(<Picker loadSlots={load} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading times…');
    const days = await screen.findByRole('radiogroup', { name: 'Day' });
    expect(within(days).getAllByRole('radio')).toHaveLength(7);
    expect(within(days).getByRole('radio', { name: 'Monday, December 7, 2026, no times' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(days).getByRole('radio', { name: 'Tuesday, December 8, 2026, 3 times' })).toBeChecked();
    const times = screen.getByRole('radiogroup', { name: 'Times on Tuesday, December 8, 2026' });
    expect(within(times).getAllByRole('radio').map((radio) => radio.textContent)).toEqual(['3:00 AM', '3:45 AM', '4:30 AM']);
    expect(screen.getByText('Dec 7 – 13')).toBeInTheDocument();
    expect(screen.getByText('America/New York')).toBeInTheDocument();
    // A day either side of the week's UTC span, so every zone's days are whole.
    expect(load).toHaveBeenCalledWith({ from: '2026-12-06T00:00:00.000Z', to: '2026-12-15T00:00:00.000Z', timeZone: 'America/New_York' }, expect.any(AbortSignal));

    await userEvent.click(within(times).getByRole('radio', { name: '3:45 AM' }));
    expect(screen.getByTestId('chosen')).toHaveTextContent('2026-12-08T08:45:00.000Z');
    expect(within(times).getByRole('radio', { name: '3:45 AM' })).toBeChecked();
  });

  it('moves between days and between times with the arrow keys, skipping days without times', async () => {
    render(<Picker loadSlots={answering([...TUESDAY, ...WEDNESDAY, '2026-12-11T15:00:00.000Z'])} />);
    const tuesday = await screen.findByRole('radio', { name: /^Tuesday/ });
    tuesday.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: /^Wednesday/ })).toHaveFocus();
    expect(screen.getByRole('radio', { name: /^Wednesday/ })).toBeChecked();
    await userEvent.keyboard('{ArrowRight}');
    // Thursday has no times: Friday is next.
    expect(screen.getByRole('radio', { name: /^Friday/ })).toHaveFocus();
    expect(screen.getByRole('radiogroup', { name: 'Times on Friday, December 11, 2026' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: /^Tuesday/ })).toHaveFocus();

    // Tab goes to the times; arrows choose, wrapping.
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: '3:00 AM' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: '3:45 AM' })).toHaveFocus();
    expect(screen.getByTestId('chosen')).toHaveTextContent('2026-12-08T08:45:00.000Z');
    await userEvent.keyboard('{End}');
    expect(screen.getByTestId('chosen')).toHaveTextContent('2026-12-08T09:30:00.000Z');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByTestId('chosen')).toHaveTextContent('2026-12-08T08:00:00.000Z');
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('radio', { name: '4:30 AM' })).toHaveFocus();
  });

  it('says when the week has no times left, and the next week is one click away', async () => {
    const load = vi.fn<LoadSlots>(async ({ from }) => (from.startsWith('2026-12-13') ? ['2026-12-14T14:00:00.000Z'] : []));
    render(<Picker loadSlots={load} />);
    expect(await screen.findByText(NO_TIMES_THIS_WEEK)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous week' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Show next week' }));
    expect(await screen.findByRole('radio', { name: '9:00 AM' })).toBeInTheDocument();
    expect(screen.getByText('Dec 14 – 20')).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith({ from: '2026-12-13T00:00:00.000Z', to: '2026-12-22T00:00:00.000Z', timeZone: 'America/New_York' }, expect.any(AbortSignal));
    expect(screen.getByRole('button', { name: 'Previous week' })).toBeEnabled();
  });

  it('shows the server’s message when the times cannot load, and tries again', async () => {
    let fail = true;
    const load = vi.fn<LoadSlots>(async () => {
      if (fail) throw new Error('We could not reach the store.');
      return TUESDAY;
    });
    render(<Picker loadSlots={load} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the store.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio', { name: '3:00 AM' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('relabels the times in another zone chosen from the searchable list', async () => {
    const load = answering(TUESDAY);
    render(<Picker loadSlots={load} />);
    await screen.findByRole('radio', { name: '3:00 AM' });
    await userEvent.click(screen.getByRole('button', { name: 'Change time zone' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search time zones' }), 'berlin');
    await userEvent.click(within(screen.getByRole('list', { name: 'Time zones' })).getByRole('button', { name: 'Europe/Berlin' }));
    expect(screen.getByText('Europe/Berlin')).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: '9:00 AM' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio', { name: /AM$/ }).map((radio) => radio.textContent)).toEqual(['9:00 AM', '9:45 AM', '10:30 AM']);
    expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ timeZone: 'Europe/Berlin' }), expect.any(AbortSignal));
    expect(screen.getByRole('button', { name: 'Change time zone' })).toHaveFocus();
  });

  it('tells the two 1:30s apart on the night the buyer’s clocks go back', async () => {
    // Sunday 1 November 2026 in New York: 01:30 EDT, then 01:30 EST an hour later.
    render(<Picker loadSlots={answering(['2026-11-01T05:30:00.000Z', '2026-11-01T06:30:00.000Z', '2026-11-01T08:00:00.000Z'])} now={new Date('2026-11-01T04:30:00Z')} />);
    const times = await screen.findByRole('radiogroup', { name: 'Times on Sunday, November 1, 2026' });
    expect(within(times).getAllByRole('radio').map((radio) => radio.textContent)).toEqual(['1:30 AM (GMT-4)', '1:30 AM (GMT-5)', '3:00 AM']);
  });
});
