import { describe, expect, it } from 'vitest';
import { createToastGate, TOAST_DEDUPE_WINDOW_MS, TOAST_DURATION_MS } from './toast.ts';

describe('toast durations (spec §9)', () => {
  it('matches the spec per kind', () => {
    expect(TOAST_DURATION_MS).toEqual({ success: 4000, error: 8000, warning: 6000, info: 5000, default: 5000 });
    expect(TOAST_DEDUPE_WINDOW_MS).toBe(1500);
  });
});

describe('createToastGate (spec §4 a duplicate within 1.5 s is suppressed)', () => {
  const saved = { kind: 'success', message: 'Saved' } as const;

  it.each([
    [1, false],
    [1499, false],
    [1500, true],
    [1501, true],
  ])('an identical toast %i ms later shows: %s', (delay, shows) => {
    const gate = createToastGate();
    expect(gate.shouldShow(saved, 10_000)).toBe(true);
    expect(gate.shouldShow(saved, 10_000 + delay)).toBe(shows);
  });

  it('measures from the last shown toast, not from suppressed ones', () => {
    const gate = createToastGate();
    expect(gate.shouldShow(saved, 0)).toBe(true);
    expect(gate.shouldShow(saved, 1000)).toBe(false);
    expect(gate.shouldShow(saved, 1499)).toBe(false);
    expect(gate.shouldShow(saved, 1500)).toBe(true);
    expect(gate.shouldShow(saved, 2999)).toBe(false);
    expect(gate.shouldShow(saved, 3000)).toBe(true);
  });

  it('shows a different message or kind at once', () => {
    const gate = createToastGate();
    expect(gate.shouldShow(saved, 0)).toBe(true);
    expect(gate.shouldShow({ kind: 'success', message: 'Saved!' }, 1)).toBe(true);
    expect(gate.shouldShow({ kind: 'error', message: 'Saved' }, 2)).toBe(true);
    expect(gate.shouldShow({ kind: 'error', message: 'Saved' }, 3)).toBe(false);
  });

  it('keeps gates independent', () => {
    const a = createToastGate();
    const b = createToastGate();
    expect(a.shouldShow(saved, 0)).toBe(true);
    expect(b.shouldShow(saved, 0)).toBe(true);
  });
});
