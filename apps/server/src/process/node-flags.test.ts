import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, SERVER_PROCESS_ENV, withServerNodeFlags, withServerProcessEnv } from './node-flags.ts';

describe('the server processes\' V8 flags', () => {
  it('adds the young generation\'s cap and starting size and the old generation\'s growth to a bare command line, after what it had', () => {
    expect(withServerNodeFlags(['--enable-source-maps'])).toEqual(['--enable-source-maps', ...SERVER_NODE_FLAGS]);
    expect(SERVER_NODE_FLAGS).toEqual(['--max-semi-space-size=8', '--min-semi-space-size=4', '--heap-growing-percent=40']);
  });

  it('keeps an operator\'s own value of the same flag', () => {
    expect(withServerNodeFlags(['--max-semi-space-size=64'])).toEqual(['--max-semi-space-size=64', '--min-semi-space-size=4', '--heap-growing-percent=40']);
    expect(withServerNodeFlags(['--min-semi-space-size=1'])).toEqual(['--min-semi-space-size=1', '--max-semi-space-size=8', '--heap-growing-percent=40']);
  });
});

describe('the server processes\' environment', () => {
  it('adds the malloc arena cap to an environment without one, keeping everything else', () => {
    expect(SERVER_PROCESS_ENV).toEqual({ MALLOC_ARENA_MAX: '2' });
    expect(withServerProcessEnv({ PORT: '3000' })).toEqual({ PORT: '3000', MALLOC_ARENA_MAX: '2' });
  });

  it('keeps an operator\'s own value', () => {
    expect(withServerProcessEnv({ MALLOC_ARENA_MAX: '4' })).toEqual({ MALLOC_ARENA_MAX: '4' });
  });
});
