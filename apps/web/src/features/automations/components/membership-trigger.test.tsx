import { AppError, AUTOMATION_MESSAGES, type Automation, type AutomationTrigger } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { testProduct } from '#src/testing/product-data.ts';
import { AUTOMATION_ID, BASE_ANSWERS, EBOOK_ID, testAutomation } from '../automation-fixtures.ts';
import { AutomationScreen } from './automation-screen.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());
vi.setConfig({ testTimeout: 30_000 });

const CLUB_ID = 'prd_bbbbbbbbbbbbbbbbbbbb';
const PRODUCTS = [testProduct({ id: EBOOK_ID, title: 'Ebook' }), testProduct({ id: CLUB_ID, title: 'Makers Club', type: 'membership' })];

/** The server as it is: a membership trigger naming a product that is not a membership is refused. */
function serve(automation: Automation) {
  let current = automation;
  answerFunctions(call, {
    ...BASE_ANSWERS,
    listProducts: () => ({ products: PRODUCTS, currency: 'USD' }),
    getAutomation: () => ({ automation: current, stats: [] }),
    updateAutomation: ({ name, trigger, steps }: Pick<Automation, 'name' | 'trigger' | 'steps'>) => {
      if (trigger.kind.startsWith('membership-') && 'productId' in trigger && trigger.productId === EBOOK_ID) {
        throw new AppError('invalid-argument', AUTOMATION_MESSAGES.membershipTriggerProduct);
      }
      return (current = { ...current, name, trigger, steps });
    },
  });
}

const render = () => renderForCreator(<AutomationScreen automationId={AUTOMATION_ID} EmailBodyEditor={null} />, { path: `/dashboard/email/automations/${AUTOMATION_ID}` });
const optionsOf = (select: HTMLElement) => within(select).getAllByRole('option').map((option) => option.textContent);

describe('the membership triggers', () => {
  it('offer only the store’s memberships, and save the one chosen', async () => {
    serve(testAutomation());
    render();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Starts when'), 'membership-started');
    const membership = await screen.findByLabelText('Membership');
    expect(optionsOf(membership)).toEqual(['Any membership', 'Makers Club']);
    await user.selectOptions(membership, CLUB_ID);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsOf(call, 'updateAutomation')).toHaveLength(1));
    expect((callsOf(call, 'updateAutomation')[0] as { trigger: AutomationTrigger }).trigger).toEqual({ kind: 'membership-started', productId: CLUB_ID });
    expect(await screen.findByText('Automation saved.')).toBeInTheDocument();
  });

  it('shows the server’s refusal of a saved product that is not a membership at the Membership field', async () => {
    serve(testAutomation({ trigger: { kind: 'membership-cancelled', productId: EBOOK_ID } }));
    render();
    const user = userEvent.setup();
    const membership = await screen.findByLabelText('Membership');
    await waitFor(() => expect(membership).toHaveDisplayValue('Ebook'));
    await user.type(screen.getByLabelText('Name'), ' again');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(AUTOMATION_MESSAGES.membershipTriggerProduct)).toBeInTheDocument();
    expect(membership).toHaveAccessibleDescription(AUTOMATION_MESSAGES.membershipTriggerProduct);
    expect(callsOf(call, 'updateAutomation')).toHaveLength(1);
  });
});
