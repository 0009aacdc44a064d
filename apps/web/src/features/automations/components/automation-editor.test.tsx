import { AppError, PRODUCT_MESSAGES, type Automation, type AutomationStepStats } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { AUTOMATION_ID, BASE_ANSWERS, testAutomation, testStepStats } from '../automation-fixtures.ts';
import { AutomationScreen } from './automation-screen.tsx';
import type { EmailBodyEditorProps } from './email-body-editor.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());
// Whole editor screens (dnd-kit, several cards, the block editor) render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

/** Stands in for the campaign block editor (its own tests cover it; one test below uses it). */
function FakeBodyEditor({ blocks, onChange }: EmailBodyEditorProps) {
  return (
    <button type="button" onClick={() => onChange([...blocks, { id: `block-${blocks.length + 1}`, type: 'heading', text: 'Hello' }])}>
      Add a heading block
    </button>
  );
}

/** The server: answers getAutomation with what was last saved or set. */
function serve(automation: Automation, stats: AutomationStepStats[] = [], extra: Parameters<typeof answerFunctions>[1] = {}) {
  let current = automation;
  answerFunctions(call, {
    ...BASE_ANSWERS,
    getAutomation: () => ({ automation: current, stats }),
    updateAutomation: ({ name, trigger, steps }: Pick<Automation, 'name' | 'trigger' | 'steps'>) => (current = { ...current, name, trigger, steps }),
    setAutomationStatus: ({ status }: Pick<Automation, 'status'>) => (current = { ...current, status }),
    ...extra,
  });
}

const render = (editor: typeof FakeBodyEditor | null = FakeBodyEditor) =>
  renderForCreator(<AutomationScreen automationId={AUTOMATION_ID} EmailBodyEditor={editor} />, { path: `/dashboard/email/automations/${AUTOMATION_ID}` });
const stepNames = () => within(screen.getByRole('list', { name: 'Steps, in order' })).getAllByRole('article').map((card) => card.getAttribute('aria-label'));
const card = (name: string) => screen.getByRole('article', { name });
const numbers = (step: number) => screen.getByLabelText(`Numbers of step ${step}`).textContent;

describe('the automation editor', () => {
  it('draws the trigger, then the steps top to bottom, each with its numbers', async () => {
    serve(testAutomation(), [
      testStepStats('welcome-1', { entered: 120, sent: 118, opened: 59, clicked: 12 }),
      testStepStats('wait-1', { entered: 100, waiting: 40 }),
      testStepStats('welcome-2', { entered: 60, sent: 60, opened: 30, clicked: 6, revenue: 4500 }),
    ]);
    render();
    expect(await screen.findByRole('heading', { name: 'Lead magnet welcome' })).toBeInTheDocument();
    expect(screen.getByText('When someone gets any free product')).toBeInTheDocument();
    expect(stepNames()).toEqual(['Step 1: Email', 'Step 2: Wait', 'Step 3: Email']);
    expect(within(card('Step 2: Wait')).getByText('Wait 1 day')).toBeInTheDocument();
    expect(numbers(1)).toBe('Entered120Waiting0Sent118Opened5950%Clicked1210%Revenue—not counted yet');
    expect(numbers(2)).toBe('Entered100Waiting40');
    expect(numbers(3)).toBe('Entered60Waiting0Sent60Opened3050%Clicked610%Revenue$45.00');
  });

  it('edits a step in place, inserts one between two, removes one, and saves the steps in that order', async () => {
    serve(testAutomation());
    render();
    const user = userEvent.setup();
    const subject = within(await screen.findByRole('article', { name: 'Step 3: Email' })).getByLabelText('Subject');
    await user.clear(subject);
    await user.paste('Day two');

    await user.click(screen.getByRole('button', { name: 'Add a step after step 1' }));
    await user.click(within(screen.getByRole('group', { name: 'Add a step after step 1' })).getByRole('button', { name: 'Add a tag' }));
    expect(stepNames()).toEqual(['Step 1: Email', 'Step 2: Add a tag', 'Step 3: Wait', 'Step 4: Email']);
    expect(card('Step 2: Add a tag')).toHaveFocus();
    await user.click(within(card('Step 2: Add a tag')).getByLabelText('Tag'));
    await user.paste('welcomed');

    // Nobody waits at the wait step: it goes without asking.
    await user.click(screen.getByRole('button', { name: 'Delete step 3' }));
    expect(stepNames()).toEqual(['Step 1: Email', 'Step 2: Add a tag', 'Step 3: Email']);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsOf(call, 'updateAutomation')).toHaveLength(1));
    const [saved] = callsOf(call, 'updateAutomation') as { steps: { id: string }[] }[];
    const original = testAutomation().steps;
    expect(saved).toEqual({
      storeId: 'store_1',
      automationId: AUTOMATION_ID,
      name: 'Lead magnet welcome',
      trigger: { kind: 'joined', source: 'lead-magnet', productId: null },
      steps: [original[0], { id: saved!.steps[1]!.id, type: 'add-tag', tag: 'welcomed' }, { ...original[2], subject: 'Day two' }],
    });
    expect(saved!.steps[1]!.id).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
    expect(await screen.findByText('Automation saved.')).toBeInTheDocument();
    expect(screen.getByText('Saved', { selector: 'p' })).toBeInTheDocument();
  });

  it("offers a wait until a day and time on the contact's time zone, the store's when unknown", async () => {
    serve(testAutomation());
    render();
    const user = userEvent.setup();
    const wait = await screen.findByRole('article', { name: 'Step 2: Wait' });
    await user.selectOptions(within(wait).getByLabelText('Wait'), 'until');
    const clock = within(wait).getByLabelText('On whose clock');
    expect(clock).toHaveDisplayValue('The contact’s time zone (the store’s when unknown)');
    expect(within(wait).getByText('A contact’s time zone is their browser’s, taken when they buy or sign up.')).toBeInTheDocument();
  });

  it('asks before deleting a step where people are waiting', async () => {
    serve(testAutomation(), [testStepStats('wait-1', { entered: 50, waiting: 40 })]);
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete step 2' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete step 2?' });
    expect(dialog).toHaveTextContent('40 people are waiting at this step. Once you save, they go on to the step that takes its place.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(stepNames()).toEqual(['Step 1: Email', 'Step 2: Wait', 'Step 3: Email']);

    await user.click(screen.getByRole('button', { name: 'Delete step 2' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete step' }));
    expect(stepNames()).toEqual(['Step 1: Email', 'Step 2: Email']);
  });

  it('moves a step with the keyboard, focus following it', async () => {
    serve(testAutomation());
    render();
    const user = userEvent.setup();
    (await screen.findByRole('button', { name: 'Move step 3 up' })).focus();
    await user.keyboard('{Enter}');
    expect(stepNames()).toEqual(['Step 1: Email', 'Step 2: Email', 'Step 3: Wait']);
    expect(screen.getByRole('button', { name: 'Move step 2 up' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(within(card('Step 1: Email')).getByLabelText('Subject')).toHaveValue('The one thing most people miss');
    // At the top "Move up" turns disabled and focus goes to its twin.
    expect(screen.getByRole('button', { name: 'Move step 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move step 1 down' })).toHaveFocus();
  });

  it('refuses to save an empty tag or a branch that jumps back, naming the field', async () => {
    serve(testAutomation());
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a step after step 3' }));
    await user.click(within(screen.getByRole('group', { name: 'Add a step after step 3' })).getByRole('button', { name: 'Add a tag' }));
    await user.click(screen.getByRole('button', { name: 'Add a step at the start' }));
    await user.click(within(screen.getByRole('group', { name: 'Add a step at the start' })).getByRole('button', { name: 'Branch' }));
    const branch = card('Step 1: Branch');
    await user.selectOptions(within(branch).getByLabelText('Otherwise'), 'Go to step 3: Wait 1 day');
    await user.click(screen.getByRole('button', { name: 'Move step 1 down' }));
    await user.click(screen.getByRole('button', { name: 'Move step 2 down' }));
    // The branch is now step 3 and still points at the wait, which is step 2.
    expect(stepNames()).toEqual(['Step 1: Email', 'Step 2: Wait', 'Step 3: Branch', 'Step 4: Email', 'Step 5: Add a tag']);

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await within(card('Step 5: Add a tag')).findByText('Enter a tag')).toBeInTheDocument();
    expect(within(card('Step 3: Branch')).getByText('A branch can only jump to a later step of the same automation')).toBeInTheDocument();
    expect(callsOf(call, 'updateAutomation')).toEqual([]);
  });

  it('shows the server’s refusal above the form and as a toast, and keeps the edits', async () => {
    serve(testAutomation(), [], {
      updateAutomation: () => {
        throw new AppError('not-found', PRODUCT_MESSAGES.productNotFound);
      },
    });
    render();
    const user = userEvent.setup();
    const subject = within(await screen.findByRole('article', { name: 'Step 1: Email' })).getByLabelText('Subject');
    await user.type(subject, '!');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    // Once above the form, once in the toast.
    await waitFor(() => expect(screen.getAllByText(PRODUCT_MESSAGES.productNotFound)).toHaveLength(2));
    expect(subject).toHaveValue('Here is your free download!');
    expect(screen.getByText('You have unsaved changes')).toBeInTheDocument();
  });
});
