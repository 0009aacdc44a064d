import { describe, expect, it } from 'vitest';
import { createAppHistory, memoryBackend, type Blocker } from './history.ts';

function historyAt(path: string) {
  const history = createAppHistory(memoryBackend(path));
  const seen: Blocker[] = [];
  const where = () => `${history.location.pathname}${history.location.search}`;
  return { history, seen, where, last: () => seen.at(-1) };
}

describe('the app history', () => {
  it('moves on push, replace and back, with the state each entry was given', () => {
    const { history, where } = historyAt('/dashboard');
    history.push('/dashboard/products?tab=all', { from: 'nav' });
    expect(where()).toBe('/dashboard/products?tab=all');
    expect(history.location.state).toEqual({ from: 'nav' });
    expect(history.action).toBe('PUSH');
    history.replace({ pathname: '/dashboard/sales', search: '?status=paid' });
    expect(where()).toBe('/dashboard/sales?status=paid');
    history.go(-1);
    expect(where()).toBe('/dashboard');
    expect(history.action).toBe('POP');
  });

  it('holds a link while the blocker says so, and goes on proceed', () => {
    const { history, seen, where, last } = historyAt('/dashboard/products/edit');
    history.block(({ nextLocation }) => nextLocation.pathname !== '/dashboard/products/edit', (blocker) => seen.push(blocker));
    history.push('/dashboard/products/edit?step=2');
    expect(where()).toBe('/dashboard/products/edit?step=2');
    history.push('/dashboard/sales');
    expect(where()).toBe('/dashboard/products/edit?step=2');
    expect(last()?.state).toBe('blocked');
    expect(last()?.location?.pathname).toBe('/dashboard/sales');
    last()?.proceed?.();
    expect(where()).toBe('/dashboard/sales');
    expect(last()?.state).toBe('unblocked');
  });

  it('stays on reset, and a released blocker holds nothing', () => {
    const { history, seen, where, last } = historyAt('/dashboard/email/campaign');
    const release = history.block(() => true, (blocker) => seen.push(blocker));
    history.replace('/dashboard/email');
    last()?.reset?.();
    expect(where()).toBe('/dashboard/email/campaign');
    expect(last()?.state).toBe('unblocked');
    release();
    history.push('/dashboard/email');
    expect(where()).toBe('/dashboard/email');
  });

  it('undoes Back while held, and goes back on proceed', () => {
    const { history, seen, where, last } = historyAt('/dashboard/products');
    history.push('/dashboard/products/edit');
    history.block(({ historyAction }) => historyAction === 'POP', (blocker) => seen.push(blocker));
    let renders = 0;
    history.listen(() => renders++);
    history.go(-1);
    expect(where()).toBe('/dashboard/products/edit');
    expect(renders).toBe(0);
    expect(last()?.state).toBe('blocked');
    expect(last()?.location?.pathname).toBe('/dashboard/products');
    last()?.proceed?.();
    expect(where()).toBe('/dashboard/products');
    expect(renders).toBe(1);
  });
});
