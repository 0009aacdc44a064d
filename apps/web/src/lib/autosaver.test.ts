import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAutosaver, type AutosaveState } from './autosaver.ts';

function setup(save: (value: string) => Promise<void>) {
  const states: AutosaveState['status'][] = [];
  const saver = createAutosaver<string>({ save, delayMs: 600, onChange: (state) => states.push(state.status) });
  return { saver, states };
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createAutosaver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves once, 600 ms after the last edit, with the newest value', async () => {
    const save = vi.fn(async (_value: string) => undefined);
    const { saver, states } = setup(save);
    saver.schedule('a');
    await vi.advanceTimersByTimeAsync(400);
    saver.schedule('ab');
    await vi.advanceTimersByTimeAsync(599);
    expect(save).not.toHaveBeenCalled();
    expect(saver.getState().status).toBe('pending');

    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('ab');
    expect(states.at(-1)).toBe('saved');
  });

  it('runs one save at a time and saves an edit made during a save right after it', async () => {
    const first = deferred();
    const save = vi.fn((value: string) => (value === 'one' ? first.promise : Promise.resolve()));
    const { saver } = setup(save);
    saver.schedule('one');
    await vi.advanceTimersByTimeAsync(600);
    expect(saver.getState().status).toBe('saving');

    saver.schedule('two');
    await vi.advanceTimersByTimeAsync(600);
    expect(save).toHaveBeenCalledTimes(1);

    first.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(save.mock.calls.map(([value]) => value)).toEqual(['one', 'two']);
    expect(saver.getState().status).toBe('saved');
  });

  it('reports a failure, keeps the value and saves it again on retry', async () => {
    const save = vi.fn<(value: string) => Promise<void>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const { saver } = setup(save);
    saver.schedule('draft');
    await vi.advanceTimersByTimeAsync(600);
    expect(saver.getState()).toMatchObject({ status: 'error', error: new Error('offline') });
    expect(saver.hasUnsaved()).toBe(true);

    saver.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenLastCalledWith('draft');
    expect(saver.getState().status).toBe('saved');
    expect(saver.hasUnsaved()).toBe(false);
  });

  it('flush saves what waits at once, so publishing never leaves an edit behind', async () => {
    const save = vi.fn(async (_value: string) => undefined);
    const { saver } = setup(save);
    saver.schedule('last edit');
    const state = await saver.flush();
    expect(save).toHaveBeenCalledWith('last edit');
    expect(state.status).toBe('saved');
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('cancel drops a waiting edit (discarding the draft)', async () => {
    const save = vi.fn(async (_value: string) => undefined);
    const { saver } = setup(save);
    saver.schedule('thrown away');
    saver.cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).not.toHaveBeenCalled();
    expect(saver.getState().status).toBe('idle');
  });
});
