import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { workerProcessEnv } from './cluster-primary.ts';

describe('the environment a forked worker starts with', () => {
  it('gives each worker the server default of 2 malloc arenas, or the operator\'s own number', () => {
    expect(workerProcessEnv(parseEnv({}))).toEqual({ MALLOC_ARENA_MAX: '2' });
    expect(workerProcessEnv(parseEnv({ MALLOC_ARENA_MAX: '' }))).toEqual({ MALLOC_ARENA_MAX: '2' });
    expect(workerProcessEnv(parseEnv({ MALLOC_ARENA_MAX: '1' }))).toEqual({ MALLOC_ARENA_MAX: '1' });
    expect(workerProcessEnv(parseEnv({ MALLOC_ARENA_MAX: '1024' }))).toEqual({ MALLOC_ARENA_MAX: '1024' });
  });
});
