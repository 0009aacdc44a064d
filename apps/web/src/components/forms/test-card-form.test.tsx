import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_TEST_CARD } from './test-card-fields.tsx';
import { TestCardForm, type TestCardAnswer } from './test-card-form.tsx';

function renderForm(answer: TestCardAnswer | undefined, options: { pending?: boolean; error?: unknown } = {}) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  render(
    <TestCardForm
      card={EMPTY_TEST_CARD}
      onChange={() => {}}
      answer={answer}
      error={options.error ?? null}
      pending={options.pending ?? false}
      submitLabel="Save and pay"
      onCancel={onCancel}
      onSubmit={onSubmit}
    />,
  );
  return { onSubmit, onCancel, user: userEvent.setup() };
}

describe('the test provider\'s card change form', () => {
  it('shows a refusal tied to a field under that field, not as an alert', () => {
    renderForm({ kind: 'refused', message: 'Your card was declined.', field: 'cardNumber' });
    expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(/Your card was declined\./);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a refusal of the whole card as an alert above the fields', () => {
    renderForm({ kind: 'refused', message: 'Your card was declined.' });
    expect(screen.getByRole('alert')).toHaveTextContent('Your card was declined.');
  });

  it('asks for another card when the bank wants to confirm this one', () => {
    renderForm({ kind: 'authenticate' });
    expect(screen.getByRole('alert')).toHaveTextContent('Your bank asks to confirm this card. Try another card.');
  });

  it('shows each invalid field\'s message and submits or cancels on the buttons', async () => {
    const { onSubmit, onCancel, user } = renderForm({ kind: 'invalid', errors: { expiry: 'Enter the expiry as MM/YY.' } });
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveAccessibleDescription(/Enter the expiry as MM\/YY\./);
    await user.click(screen.getByRole('button', { name: 'Save and pay' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('while saving, disables both buttons and says so', () => {
    renderForm(undefined, { pending: true });
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});
