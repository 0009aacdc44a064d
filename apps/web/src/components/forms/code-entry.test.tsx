import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CodeEntry, type CodeEntryProps } from './code-entry.tsx';

function renderEntry(props: Partial<CodeEntryProps> = {}) {
  const onSubmit = vi.fn(async () => {});
  render(
    <CodeEntry email="ada@example.com" onSubmit={onSubmit} onResend={async () => {}} onChangeEmail={() => {}} submitLabel="Verify email" pendingLabel="Verifying…" {...props} />,
  );
  return { onSubmit, user: userEvent.setup(), code: screen.getByLabelText('Verification code'), button: screen.getByRole('button', { name: 'Verify email' }) };
}

describe('code entry (spec §2/§5 verify step)', () => {
  it('keeps the verify button disabled until six digits are in', async () => {
    const { onSubmit, user, code, button } = renderEntry();
    await user.type(code, '12345');
    expect(button).toBeDisabled();
    await user.type(code, '6');
    expect(button).toBeEnabled();
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledWith('123456');
  });

  it('explains an incomplete code instead, when asked to, and sends nothing', async () => {
    const { onSubmit, user, code, button } = renderEntry({ incompleteCode: 'explain' });
    await user.type(code, '12345');
    await user.click(button);
    expect(screen.getByText('Please enter the 6-digit code')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(code, '6');
    expect(screen.queryByText('Please enter the 6-digit code')).toBeNull();
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledWith('123456');
  });

  it('names the address, shows the page’s note, extra fields and error, and offers resend and another address', async () => {
    const onChangeEmail = vi.fn();
    renderEntry({ note: 'Your purchases appear once verified.', children: <input aria-label="New password" />, error: 'That code is not right', onChangeEmail });
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('Your purchases appear once verified.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('That code is not right');
    expect(screen.getByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Use a different email' }));
    expect(onChangeEmail).toHaveBeenCalledOnce();
  });
});
