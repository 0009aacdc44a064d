import { AppError, AUTOMATION_MESSAGES } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { AUTOMATION_ID, BASE_ANSWERS, EBOOK_ID, testAutomation, testListItem } from '../automation-fixtures.ts';
import { AutomationsPanel, EMPTY_AUTOMATIONS_TEXT } from './automations-list.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const render = () => renderForCreator(<AutomationsPanel />, { path: '/dashboard/email' });
const many = (n: number) => Array.from({ length: n }, (_, i) => testListItem({ id: `aut_${String(i).padStart(20, '0')}`, name: `Flow ${i + 1}` }));

describe('the automations list', () => {
  it('shows each automation with its trigger in words, its status and its steps', async () => {
    answerFunctions(call, {
      ...BASE_ANSWERS,
      listAutomations: () => ({
        automations: [
          testListItem({ id: 'aut_buyers0000000000000', name: 'Ebook buyers', status: 'live', trigger: { kind: 'purchased', productId: EBOOK_ID } }, { entered: 1250, waiting: 37 }),
          testListItem({ id: 'aut_carts00000000000000', name: 'Carts', status: 'paused', trigger: { kind: 'abandoned-checkout', productId: null, delayMinutes: 90 } }, { entered: 1, waiting: 0 }),
          testListItem({ name: 'Tagged', trigger: { kind: 'tag-added', tag: 'vip' }, steps: [] }),
        ],
      }),
    });
    render();
    const list = await screen.findByRole('list', { name: 'Automations, newest first' });
    const [buyers, carts, tagged] = within(list).getAllByRole('listitem');
    expect(within(buyers!).getByRole('link', { name: 'Ebook buyers' })).toHaveAttribute('href', '/dashboard/email/automations/aut_buyers0000000000000');
    expect(buyers).toHaveTextContent('Live');
    expect(within(buyers!).getByText('When someone buys Ebook')).toBeInTheDocument();
    expect(buyers).toHaveTextContent('3 steps · 2 emails');
    expect(buyers).toHaveTextContent('1,250 entered · 37 waiting');
    expect(carts).toHaveTextContent('1 entered · 0 waiting');
    expect(tagged).toHaveTextContent('0 entered · 0 waiting');
    expect(carts).toHaveTextContent('Paused');
    expect(within(carts!).getByText('When someone leaves a checkout unpaid for 90 minutes')).toBeInTheDocument();
    expect(tagged).toHaveTextContent('Draft');
    expect(within(tagged!).getByText('When the tag “vip” is added to someone')).toBeInTheDocument();
    expect(tagged).toHaveTextContent('No steps yet');
    expect(screen.getByRole('button', { name: 'New automation' })).toBeEnabled();
  });

  it('offers the three templates and a blank start when there is none, and opens the draft a template makes', async () => {
    answerFunctions(call, { ...BASE_ANSWERS, listAutomations: () => ({ automations: [] }), createAutomation: () => testAutomation() });
    render();
    expect(await screen.findByText(EMPTY_AUTOMATIONS_TEXT)).toBeInTheDocument();
    const templates = screen.getByRole('list', { name: 'Templates' });
    expect(within(templates).getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Lead magnet welcome', 'After a purchase', 'Abandoned checkout']);
    expect(screen.getByRole('button', { name: 'Start from scratch' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Use the Lead magnet welcome template' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
    expect(callsOf(call, 'createAutomation')).toEqual([{ storeId: 'store_1', template: 'lead-magnet-welcome' }]);
  });

  it('starts from scratch with a name and the "joins your audience" trigger', async () => {
    answerFunctions(call, { ...BASE_ANSWERS, listAutomations: () => ({ automations: [] }), createAutomation: () => testAutomation({ steps: [] }) });
    render();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Start from scratch' }));
    await waitFor(() => expect(callsOf(call, 'createAutomation')).toEqual([{ storeId: 'store_1', name: 'New automation', trigger: { kind: 'joined', source: 'any', productId: null } }]));
  });

  it('shows the server’s refusal when a template cannot be created, and stays', async () => {
    answerFunctions(call, {
      ...BASE_ANSWERS,
      listAutomations: () => ({ automations: [] }),
      createAutomation: () => {
        throw new AppError('resource-exhausted', AUTOMATION_MESSAGES.tooManyAutomations);
      },
    });
    render();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Use the After a purchase template' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTOMATION_MESSAGES.tooManyAutomations);
    expect(screen.queryByRole('heading', { name: 'Elsewhere' })).not.toBeInTheDocument();
  });

  it('says the store is full at 20 automations, not at 19', async () => {
    answerFunctions(call, { ...BASE_ANSWERS, listAutomations: () => ({ automations: many(19) }) });
    const first = render();
    await screen.findByRole('link', { name: 'Flow 19' });
    expect(screen.getByRole('button', { name: 'New automation' })).toBeEnabled();
    expect(screen.queryByText(AUTOMATION_MESSAGES.tooManyAutomations)).not.toBeInTheDocument();
    first.unmount();

    answerFunctions(call, { ...BASE_ANSWERS, listAutomations: () => ({ automations: many(20) }) });
    render();
    await screen.findByRole('link', { name: 'Flow 20' });
    expect(screen.getByText(AUTOMATION_MESSAGES.tooManyAutomations)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New automation' })).toBeDisabled();
  });

  it('says when the list cannot load, and tries again', async () => {
    let fail = true;
    answerFunctions(call, {
      ...BASE_ANSWERS,
      listAutomations: () => {
        if (fail) throw new AppError('unavailable', 'Service temporarily unavailable. Please try again.');
        return { automations: [testListItem()] };
      },
    });
    render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Automations could not load');
    expect(alert).toHaveTextContent('Service temporarily unavailable. Please try again.');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Lead magnet welcome' })).toHaveAttribute('href', `/dashboard/email/automations/${AUTOMATION_ID}`);
  });

  it('shows a loading state until the list arrives', async () => {
    let answer: (value: unknown) => void = () => undefined;
    answerFunctions(call, { ...BASE_ANSWERS, listAutomations: () => new Promise((resolve) => (answer = resolve)) });
    render();
    expect(await screen.findByText('Loading automations')).toBeInTheDocument();
    answer({ automations: [] });
    expect(await screen.findByText(EMPTY_AUTOMATIONS_TEXT)).toBeInTheDocument();
  });
});
