import { describe, expect, it } from 'vitest';
import { afterSignIn } from './guest-customer.tsx';

const from = (origin: string) => afterSignIn(`?${new URLSearchParams({ origin }).toString()}`);

describe('where a customer goes after signing in', () => {
  it('follows a same-site relative origin with its query', () => {
    expect(from('/orders?page=2')).toBe('/orders?page=2');
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', '/%2F%2Fevil.example'])('goes home for an unsafe origin (%s)', (origin) => {
    expect(from(origin)).toBe('/');
  });

  it('goes home instead of back to login or signup (no loop)', () => {
    expect(from('/login')).toBe('/');
    expect(from('/signup/')).toBe('/');
    expect(afterSignIn('')).toBe('/');
  });
});
