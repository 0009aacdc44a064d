import { AppError, AUTOMATION_MESSAGES, type AutomationListItem } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { AUTOMATION_ID, BASE_ANSWERS, testAutomation, testListItem, testStepStats } from '../automation-fixtures.ts';
import { AutomationScreen } from './automation-screen.tsx';
import { AutomationsPanel } from './automations-list.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());
vi.setConfig({ testTimeout: 30_000 });

const CARTS = 'aut_carts00000000000000';
const renderList = () => renderForCreator(<AutomationsPanel />, { path: '/dashboard/email' });

/** A list whose deleteAutomation removes the automation from the next answer. */
function serveList(items: AutomationListItem[], deleteAutomation?: (input: { automationId: string }) => unknown) {
  let current = items;
  answerFunctions(call, {
    ...BASE_ANSWERS,
    listAutomations: () => ({ automations: current }),
    deleteAutomation:
      deleteAutomation ??
      (({ automationId }: { automationId: string }) => {
        current = current.filter((item) => item.id !== automationId);
        return { deleted: true };
      }),
  });
}

describe('deleting an automation', () => {
  it('from the list: says how many people are waiting and that its numbers go, and deletes only once confirmed', async () => {
    serveList([testListItem({ name: 'Welcome' }), testListItem({ id: CARTS, name: 'Carts', status: 'paused' }, { entered: 120, waiting: 37 })]);
    renderList();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Carts' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Delete “Carts”?' });
    expect(dialog).toHaveTextContent('37 people are waiting in it: they leave it and get nothing more from it.');
    expect(dialog).toHaveTextContent('Its numbers (entered, sent, opened, clicked and revenue) are deleted with it.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsOf(call, 'deleteAutomation')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Carts' }));
    dialog = screen.getByRole('alertdialog', { name: 'Delete “Carts”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete automation' }));
    expect(await screen.findByText('“Carts” was deleted.')).toBeInTheDocument();
    expect(callsOf(call, 'deleteAutomation')).toEqual([{ storeId: 'store_1', automationId: CARTS }]);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Carts' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Welcome' })).toBeInTheDocument();
  });

  it('says one person, or nobody, is waiting', async () => {
    serveList([testListItem({ name: 'One' }, { entered: 4, waiting: 1 }), testListItem({ id: CARTS, name: 'None' })]);
    renderList();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete One' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('1 person is waiting in it: they leave it and get nothing more from it.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Delete None' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Nobody is waiting in it.');
  });

  it('asks to pause a live automation first, and offers no delete', async () => {
    serveList([testListItem({ name: 'Live one', status: 'live' }, { entered: 10, waiting: 4 })]);
    renderList();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Live one' }));
    const dialog = screen.getByRole('dialog', { name: 'Pause it first' });
    expect(dialog).toHaveTextContent(AUTOMATION_MESSAGES.deleteLive);
    expect(within(dialog).queryByRole('button', { name: 'Delete automation' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsOf(call, 'deleteAutomation')).toEqual([]);
  });

  it('shows the server’s refusal in the dialog and keeps the automation', async () => {
    serveList([testListItem({ name: 'Paused one', status: 'paused' })], () => {
      throw new AppError('failed-precondition', AUTOMATION_MESSAGES.deleteLive);
    });
    renderList();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Paused one' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete automation' }));
    expect(await within(screen.getByRole('alertdialog')).findByRole('alert')).toHaveTextContent(AUTOMATION_MESSAGES.deleteLive);
    expect(screen.getByRole('link', { name: 'Paused one', hidden: true })).toBeInTheDocument();
  });

  it('from the editor: counts the people waiting at every step, deletes and goes back to the list', async () => {
    const automation = testAutomation({ status: 'paused' });
    answerFunctions(call, {
      ...BASE_ANSWERS,
      getAutomation: () => ({ automation, stats: [testStepStats('welcome-1'), testStepStats('wait-1', { entered: 9, waiting: 5 }), testStepStats('welcome-2', { entered: 4, waiting: 2 })] }),
      deleteAutomation: () => ({ deleted: true }),
    });
    renderForCreator(<AutomationScreen automationId={AUTOMATION_ID} EmailBodyEditor={null} />, { path: `/dashboard/email/automations/${AUTOMATION_ID}` });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Lead magnet welcome' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete “Lead magnet welcome”?' });
    expect(dialog).toHaveTextContent('7 people are waiting in it');
    await user.click(within(dialog).getByRole('button', { name: 'Delete automation' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
    expect(callsOf(call, 'deleteAutomation')).toEqual([{ storeId: 'store_1', automationId: AUTOMATION_ID }]);
  });
});
