import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../env.ts';
import { webConcurrencyFromEnv } from './cluster-env.ts';

describe('WEB_CONCURRENCY', () => {
  it('defaults to one process outside production and one per CPU in production', () => {
    expect(parseEnv({}).webConcurrency).toBe(1);
    expect(parseEnv({ NODE_ENV: 'test' }).webConcurrency).toBe(1);
    expect(webConcurrencyFromEnv({}, 'production', () => 6)).toBe(6);
    expect(webConcurrencyFromEnv({}, 'development', () => 6)).toBe(1);
  });

  it('takes a number from 1 to 64, also in production', () => {
    expect(parseEnv({ WEB_CONCURRENCY: '2' }).webConcurrency).toBe(2);
    expect(webConcurrencyFromEnv({ WEB_CONCURRENCY: 1 }, 'production', () => 6)).toBe(1);
    expect(parseEnv({ WEB_CONCURRENCY: '64' }).webConcurrency).toBe(64);
    expect(parseEnv({ WEB_CONCURRENCY: ' ' }).webConcurrency).toBe(1);
  });

  it.each(['0', '65', '1.5', 'two', '-1'])('refuses %s with a message naming the variable', (value) => {
    expect(() => parseEnv({ WEB_CONCURRENCY: value })).toThrow(EnvError);
    expect(() => parseEnv({ WEB_CONCURRENCY: value })).toThrow(/WEB_CONCURRENCY/);
  });
});

describe('MALLOC_ARENA_MAX', () => {
  it('takes a number from 1 to 1024', () => {
    expect(parseEnv({ MALLOC_ARENA_MAX: '1' }).mallocArenaMax).toBe(1);
    expect(parseEnv({ MALLOC_ARENA_MAX: '1024' }).mallocArenaMax).toBe(1024);
    expect(parseEnv({ MALLOC_ARENA_MAX: '' }).mallocArenaMax).toBeUndefined();
  });

  it.each(['0', '1025', 'many', '1.5'])('refuses %s with a message naming the variable', (value) => {
    expect(() => parseEnv({ MALLOC_ARENA_MAX: value })).toThrow(/MALLOC_ARENA_MAX/);
  });
});
