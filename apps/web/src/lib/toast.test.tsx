import { TOAST_DURATION_MS } from '@shopfront/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '../components/ui/toaster.tsx';
import { createToastStore } from './toast.ts';

function storeAt(start = 0) {
  let now = start;
  const store = createToastStore(() => now);
  return { store, advance: (ms: number) => (now += ms) };
}

describe('toast store (spec §9)', () => {
  it('suppresses the same message of the same kind within 1.5 s', () => {
    const { store, advance } = storeAt();
    expect(store.error('Card declined')).not.toBeNull();
    advance(1_499);
    expect(store.error('Card declined')).toBeNull();
    expect(store.getItems()).toHaveLength(1);
  });

  it('shows the duplicate again once 1.5 s have passed', () => {
    const { store, advance } = storeAt();
    store.error('Card declined');
    advance(1_500);
    expect(store.error('Card declined')).not.toBeNull();
    expect(store.getItems()).toHaveLength(2);
  });

  it('does not suppress a different message or a different kind', () => {
    const { store } = storeAt();
    store.error('Card declined');
    expect(store.error('Network down')).not.toBeNull();
    expect(store.warning('Card declined')).not.toBeNull();
    expect(store.getItems()).toHaveLength(3);
  });

  it.each([
    ['success', 4_000],
    ['error', 8_000],
    ['warning', 6_000],
    ['info', 5_000],
    ['default', 5_000],
  ] as const)('gives %s toasts %i ms', (kind, ms) => {
    const { store } = storeAt();
    store.show(kind, 'Hello');
    expect(store.getItems()[0]?.durationMs).toBe(ms);
    expect(TOAST_DURATION_MS[kind]).toBe(ms);
  });
});

describe('Toaster', () => {
  it('shows a toast in a live region and dismisses it', async () => {
    const { store } = storeAt();
    const user = userEvent.setup();
    render(<Toaster store={store} />);
    act(() => void store.success('Product saved'));

    const message = await screen.findAllByText('Product saved');
    expect(message.length).toBeGreaterThan(0);
    expect(screen.getByRole('region', { name: /notification/i })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(store.getItems()).toHaveLength(0);
  });
});
