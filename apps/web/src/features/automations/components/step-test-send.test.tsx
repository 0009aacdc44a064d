import { AppError, EMAIL_MESSAGES } from '@shopfront/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { AUTOMATION_ID, BASE_ANSWERS, testAutomation } from '../automation-fixtures.ts';
import { AutomationScreen } from './automation-screen.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());
vi.setConfig({ testTimeout: 30_000 });

const render = () => renderForCreator(<AutomationScreen automationId={AUTOMATION_ID} EmailBodyEditor={null} />, { path: `/dashboard/email/automations/${AUTOMATION_ID}` });
const serve = (sendAutomationStepTest: () => unknown) => answerFunctions(call, { ...BASE_ANSWERS, getAutomation: () => ({ automation: testAutomation(), stats: [] }), sendAutomationStepTest });

describe('a test send of an email step', () => {
  it('sends the saved step to the creator, busy while it runs, and says where it went', async () => {
    let answer: (value: unknown) => void = () => undefined;
    serve(() => new Promise((resolve) => (answer = resolve)));
    render();
    const user = userEvent.setup();
    const buttons = await screen.findAllByRole('button', { name: 'Send a test to me' });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[1]!);
    expect(callsOf(call, 'sendAutomationStepTest')).toEqual([{ storeId: 'store_1', automationId: AUTOMATION_ID, step: 'welcome-2' }]);
    expect(await screen.findByRole('button', { name: 'Sending test…' })).toBeDisabled();
    answer({ sentTo: 'creator@example.com' });
    expect(await screen.findByText('Test email sent to creator@example.com.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Send a test to me' })[1]).toBeEnabled();
  });

  it('is off while there are unsaved edits, since it sends the saved version', async () => {
    serve(() => ({ sentTo: 'creator@example.com' }));
    render();
    const user = userEvent.setup();
    const [subject] = await screen.findAllByLabelText('Subject');
    await user.type(subject!, ' now');
    for (const button of screen.getAllByRole('button', { name: 'Send a test to me' })) expect(button).toBeDisabled();
    expect(screen.getAllByText('Save your changes to send a test of them.')).toHaveLength(2);
    expect(callsOf(call, 'sendAutomationStepTest')).toEqual([]);
  });

  it('shows a refusal at the step', async () => {
    serve(() => {
      throw new AppError('resource-exhausted', EMAIL_MESSAGES.testSendLimit);
    });
    render();
    const user = userEvent.setup();
    const [first] = await screen.findAllByRole('button', { name: 'Send a test to me' });
    await user.click(first!);
    const card = first!.closest('li') ?? document.body;
    expect(await within(card as HTMLElement).findByText(EMAIL_MESSAGES.testSendLimit)).toBeInTheDocument();
  });
});
