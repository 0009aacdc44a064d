import type { Automation } from '@shopfront/core';
import { screen, waitFor } from '@testing-library/react';
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

const FORMS = [
  { form: 'EmailSignup-news', heading: 'Get the newsletter', pageTitle: 'Home', pageSlug: 'home', published: true },
  { form: 'EmailSignup-wait', heading: 'Join the waitlist', pageTitle: 'Coming soon', pageSlug: 'soon', published: false },
];

function serve(automation: Automation, forms = FORMS) {
  let current = automation;
  answerFunctions(call, {
    ...BASE_ANSWERS,
    getAutomation: () => ({ automation: current, stats: [] }),
    updateAutomation: ({ name, trigger, steps }: Pick<Automation, 'name' | 'trigger' | 'steps'>) => (current = { ...current, name, trigger, steps }),
    listSignupForms: () => ({ forms }),
  });
}

const render = () => renderForCreator(<AutomationScreen automationId={AUTOMATION_ID} EmailBodyEditor={null} />, { path: `/dashboard/email/automations/${AUTOMATION_ID}` });

describe('the signup-form trigger', () => {
  it('offers any form or one of the website’s forms by heading and page, and saves the one chosen', async () => {
    serve(testAutomation());
    render();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('How they join'), 'signup-form');
    const form = await screen.findByLabelText('Signup form');
    await waitFor(() => expect([...form.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['Any signup form', 'Get the newsletter — Home', 'Join the waitlist — Coming soon (not published yet)']));
    await user.selectOptions(form, 'EmailSignup-news');
    expect(screen.getByText('When someone signs up through a chosen form on your website')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsOf(call, 'updateAutomation')).toHaveLength(1));
    expect((callsOf(call, 'updateAutomation')[0] as Pick<Automation, 'trigger'>).trigger).toEqual({ kind: 'joined', source: 'signup-form', productId: null, form: 'EmailSignup-news' });
  });

  it('says when the website has no form, and names a saved form that is no longer on it', async () => {
    serve(testAutomation({ trigger: { kind: 'joined', source: 'signup-form', productId: null, form: 'EmailSignup-gone' } }), []);
    render();
    const form = await screen.findByLabelText('Signup form');
    expect(await screen.findByText('Your website has no signup form yet: add an Email signup block to a page.')).toBeInTheDocument();
    expect(form).toHaveDisplayValue('A form no longer on your website');
  });
});
