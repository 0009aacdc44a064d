import { EMAIL_MESSAGES, type EmailCampaign } from '@shopfront/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { testCampaign } from '../campaign-fixtures.ts';
import { ScheduleDialog } from './schedule-dialog.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

// 12:00 UTC is 13:00 in Berlin (UTC+1 in November).
const NOW = new Date('2026-11-25T12:00:00.000Z');

function renderDialog(onScheduled = vi.fn()) {
  renderForCreator(
    <ScheduleDialog open storeId="store_1" campaignId="cmp_aaaaaaaaaaaaaaaaaaaa" timeZone="Europe/Berlin" audience="Bought the guide" onClose={() => {}} onScheduled={onScheduled} now={() => NOW} />,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Send this campaign' }), onScheduled };
}

describe('the schedule dialog', () => {
  it('schedules at a date and time on the store’s clock, naming the zone', async () => {
    answerFunctions(call, { scheduleEmailCampaign: ({ sendAt }: { sendAt: string }) => testCampaign({ status: 'scheduled', scheduledAt: sendAt }) });
    const { dialog, onScheduled } = renderDialog();
    const user = userEvent.setup();
    expect(dialog).toHaveTextContent('To: Bought the guide');
    await user.click(within(dialog).getByLabelText('Schedule for later'));
    expect(dialog).toHaveTextContent('In your store’s time zone: Europe/Berlin');
    // An hour from now on the store's clock, to start with.
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2026-11-25');
    expect(within(dialog).getByLabelText('Time')).toHaveValue('14:00');

    await user.clear(within(dialog).getByLabelText('Date'));
    await user.type(within(dialog).getByLabelText('Date'), '2026-12-01');
    await user.clear(within(dialog).getByLabelText('Time'));
    await user.type(within(dialog).getByLabelText('Time'), '18:30');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(callsOf(call, 'scheduleEmailCampaign')).toEqual([{ storeId: 'store_1', campaignId: 'cmp_aaaaaaaaaaaaaaaaaaaa', sendAt: '2026-12-01T18:30:00+01:00' }]));
    await waitFor(() => expect(onScheduled).toHaveBeenCalledTimes(1));
    expect((onScheduled.mock.calls[0]![0] as EmailCampaign).status).toBe('scheduled');
  });

  it('a double click on "Send now" sends one request, with the button disabled while it runs', async () => {
    let finish: (value: unknown) => void = () => {};
    answerFunctions(call, { scheduleEmailCampaign: () => new Promise((resolve) => (finish = resolve)) });
    const { dialog, onScheduled } = renderDialog();
    const button = within(dialog).getByRole('button', { name: 'Send now' });
    // Two clicks in the same task, before React re-renders the button.
    await act(async () => {
      button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    });
    expect(within(dialog).getByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(callsOf(call, 'scheduleEmailCampaign')).toEqual([{ storeId: 'store_1', campaignId: 'cmp_aaaaaaaaaaaaaaaaaaaa', sendAt: null }]);
    finish(testCampaign({ status: 'scheduled' }));
    await waitFor(() => expect(onScheduled).toHaveBeenCalledTimes(1));
    expect(callsOf(call, 'scheduleEmailCampaign')).toHaveLength(1);
  });

  it('refuses a time that has passed on the store’s clock, and takes the next minute', async () => {
    answerFunctions(call, { scheduleEmailCampaign: ({ sendAt }: { sendAt: string }) => testCampaign({ status: 'scheduled', scheduledAt: sendAt }) });
    const { dialog } = renderDialog();
    const user = userEvent.setup();
    await user.click(within(dialog).getByLabelText('Schedule for later'));
    await user.clear(within(dialog).getByLabelText('Time'));
    // 13:00 in Berlin is now: not in the future.
    await user.type(within(dialog).getByLabelText('Time'), '13:00');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByText(EMAIL_MESSAGES.scheduleInPast)).toBeInTheDocument();
    expect(callsOf(call, 'scheduleEmailCampaign')).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Time'));
    await user.type(within(dialog).getByLabelText('Time'), '13:01');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(callsOf(call, 'scheduleEmailCampaign')).toEqual([{ storeId: 'store_1', campaignId: 'cmp_aaaaaaaaaaaaaaaaaaaa', sendAt: '2026-11-25T13:01:00+01:00' }]));
  });

  it('sends now with no time', async () => {
    answerFunctions(call, { scheduleEmailCampaign: () => testCampaign({ status: 'sending' }) });
    const { dialog } = renderDialog();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(callsOf(call, 'scheduleEmailCampaign')).toEqual([{ storeId: 'store_1', campaignId: 'cmp_aaaaaaaaaaaaaaaaaaaa', sendAt: null }]));
  });
});
