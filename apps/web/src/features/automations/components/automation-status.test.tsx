import { AppError, AUTOMATION_MESSAGES, type Automation } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BlockList } from '#src/features/email-campaigns/index.ts';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { AUTOMATION_ID, BASE_ANSWERS, testAutomation } from '../automation-fixtures.ts';
import { AutomationScreen } from './automation-screen.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());
// Whole editor screens (dnd-kit, several cards, the block editor) render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

function serve(automation: Automation, extra: Parameters<typeof answerFunctions>[1] = {}) {
  let current = automation;
  answerFunctions(call, {
    ...BASE_ANSWERS,
    getAutomation: () => ({ automation: current, stats: [] }),
    updateAutomation: ({ name, trigger, steps }: Pick<Automation, 'name' | 'trigger' | 'steps'>) => (current = { ...current, name, trigger, steps }),
    setAutomationStatus: ({ status }: Pick<Automation, 'status'>) => (current = { ...current, status }),
    ...extra,
  });
}

// The real campaign block editor, as the dashboard hands it in.
const render = () => renderForCreator(<AutomationScreen automationId={AUTOMATION_ID} EmailBodyEditor={BlockList} />, { path: `/dashboard/email/automations/${AUTOMATION_ID}` });
// hidden: also while a dialog hides the page from assistive technology.
const badge = () => within(screen.getByRole('heading', { name: 'Lead magnet welcome', hidden: true }).parentElement!).getByText(/^(Draft|Live|Paused)$/);

describe('the automation’s status', () => {
  it('goes live after saying who enters it, then shows it live with the note about live edits', async () => {
    serve(testAutomation());
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Go live…' }));
    const dialog = screen.getByRole('dialog', { name: 'Go live?' });
    expect(dialog).toHaveTextContent('When someone gets any free product, they enter the automation, if they agreed to marketing email.');
    expect(callsOf(call, 'setAutomationStatus')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Go live' }));

    expect(await screen.findByText('The automation is live.')).toBeInTheDocument();
    expect(callsOf(call, 'setAutomationStatus')).toEqual([{ storeId: 'store_1', automationId: AUTOMATION_ID, status: 'live' }]);
    expect(callsOf(call, 'updateAutomation')).toEqual([]);
    await waitFor(() => expect(badge()).toHaveTextContent('Live'));
    expect(screen.getByText('Edits you save apply to people already in it: each stays at their step and gets the new content.')).toBeInTheDocument();
  });

  it('pauses and resumes a live automation, saying that waiting contacts continue at their step', async () => {
    serve(testAutomation({ status: 'live' }));
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pause…' }));
    const pause = screen.getByRole('dialog', { name: 'Pause this automation?' });
    expect(pause).toHaveTextContent('Contacts waiting will continue at their step when you resume.');
    await user.click(within(pause).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(badge()).toHaveTextContent('Paused'));

    await user.click(screen.getByRole('button', { name: 'Resume…' }));
    const resume = screen.getByRole('dialog', { name: 'Resume this automation?' });
    expect(resume).toHaveTextContent('Contacts waiting will continue at their step, and new contacts enter again.');
    await user.click(within(resume).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(badge()).toHaveTextContent('Live'));
    expect(callsOf(call, 'setAutomationStatus').map((input) => (input as { status: string }).status)).toEqual(['paused', 'live']);
  });

  it('will not go live while an email has no content; the block editor fills it, and the edit is saved first', async () => {
    const template = testAutomation();
    serve(testAutomation({ steps: [template.steps[0]!, template.steps[1]!, { id: 'welcome-2', type: 'email', subject: 'Day two', previewText: '', body: [] }] }));
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Go live…' }));
    let dialog = screen.getByRole('dialog', { name: 'Go live?' });
    expect(dialog).toHaveTextContent('Step 3 needs a subject and at least one block before the automation goes live.');
    expect(within(dialog).getByRole('button', { name: 'Go live' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // An empty email opens its content at once, in the campaign block editor.
    const email = screen.getByRole('article', { name: 'Step 3: Email' });
    await user.click(await within(email).findByRole('button', { name: 'Add Heading' }));
    await user.click(within(email).getByLabelText('Heading text'));
    await user.paste('Tip');
    await user.click(screen.getByRole('button', { name: 'Go live…' }));
    dialog = screen.getByRole('dialog', { name: 'Go live?' });
    expect(dialog).toHaveTextContent('Your unsaved changes are saved first.');
    await user.click(within(dialog).getByRole('button', { name: 'Go live' }));

    await waitFor(() => expect(callsOf(call, 'setAutomationStatus')).toHaveLength(1));
    const [saved] = callsOf(call, 'updateAutomation') as Automation[];
    expect(saved!.steps[2]).toEqual({ id: 'welcome-2', type: 'email', subject: 'Day two', previewText: '', body: [{ id: expect.any(String), type: 'heading', text: 'Tip' }] });
    expect(call.mock.calls.map(([name]) => name).filter((name) => name === 'updateAutomation' || name === 'setAutomationStatus')).toEqual(['updateAutomation', 'setAutomationStatus']);
  });

  it('shows the server’s refusal in the dialog and leaves the status as it was', async () => {
    serve(testAutomation(), {
      setAutomationStatus: () => {
        throw new AppError('failed-precondition', AUTOMATION_MESSAGES.emailIncomplete);
      },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Go live…' }));
    const dialog = screen.getByRole('dialog', { name: 'Go live?' });
    await user.click(within(dialog).getByRole('button', { name: 'Go live' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(AUTOMATION_MESSAGES.emailIncomplete);
    expect(badge()).toHaveTextContent('Draft');
  });
});
