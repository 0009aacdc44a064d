import { describe, expect, it } from 'vitest';
import { withoutQueryValues } from './log-url.ts';

describe('withoutQueryValues', () => {
  it.each([
    ['/login/email-link?token=secret-token&email=a%40b.c', '/login/email-link?token&email'],
    ['/login?mfa=abc', '/login?mfa'],
    ['/dashboard', '/dashboard'],
    ['/x?', '/x'],
  ])('%s → %s', (url, logged) => {
    expect(withoutQueryValues(url)).toBe(logged);
  });
});
