import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CodeInput, isCompleteCode, toCodeDigits } from './code-input.tsx';

function Harness() {
  const [code, setCode] = useState('');
  return <CodeInput value={code} onChange={setCode} />;
}

describe('verification code input (spec §5: digits only, exactly 6)', () => {
  it('keeps only digits and at most six of them', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('Verification code');
    await userEvent.setup().type(input, '1a2-b3 4567');
    expect(input).toHaveValue('123456');
  });

  it('takes a pasted code with spaces or dashes whole', () => {
    render(<Harness />);
    const input = screen.getByLabelText('Verification code');
    fireEvent.paste(input, { clipboardData: { getData: () => ' 123-456 ' } });
    expect(input).toHaveValue('123456');
  });

  it('opens the numeric keypad and offers one-time-code autofill', () => {
    render(<Harness />);
    const input = screen.getByLabelText('Verification code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('turns full-width digits into ASCII', () => {
    expect(toCodeDigits('１２３４５６')).toBe('123456');
  });

  it('is complete at exactly 6 digits, not 5', () => {
    expect(isCompleteCode('12345')).toBe(false);
    expect(isCompleteCode('123456')).toBe(true);
  });

});
