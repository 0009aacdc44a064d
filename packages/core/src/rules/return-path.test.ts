import { describe, expect, it } from 'vitest';
import { isSafeReturnPath, safeReturnPath } from './return-path.ts';

describe('isSafeReturnPath (SECURITY: return path after sign-in)', () => {
  it.each([
    ['/dashboard'],
    ['/dashboard/products'],
    ['/dashboard/products?tab=drafts&page=2'],
    ['/dashboard/settings#payments'],
    ['/members/orders'],
    ['/'],
    ['/a%20b'],
    ['/search?q=caf%C3%A9'],
  ])('follows the same-site path %s', (path) => {
    expect(isSafeReturnPath(path)).toBe(true);
  });

  it.each([
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with path', '//evil.example/dashboard'],
    ['backslash after slash', '/\\evil.example'],
    ['backslash later', '/dashboard\\..\\\\evil.example'],
    ['encoded double slash', '/%2F%2Fevil.example'],
    ['encoded slash second', '/%2Fevil.example'],
    ['encoded backslash', '/%5Cevil.example'],
    ['lower-case encoding', '/%2f%2fevil.example'],
    ['double-encoded slash', '/%252F%252Fevil.example'],
    ['tab between slashes', '/\t/evil.example'],
    ['newline between slashes', '/\n/evil.example'],
    ['encoded tab', '/%09/evil.example'],
    ['leading space', ' /dashboard'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['encoded javascript scheme', 'javascript%3Aalert(1)'],
    ['absolute http URL', 'http://evil.example/dashboard'],
    ['absolute https URL', 'https://evil.example'],
    ['data URL', 'data:text/html,hi'],
    ['relative without slash', 'dashboard'],
    ['empty', ''],
    ['malformed encoding', '/%E0%A4%A'],
    ['too long', `/${'a'.repeat(2048)}`],
  ])('refuses %s', (_label, path) => {
    expect(isSafeReturnPath(path)).toBe(false);
  });

  it('accepts a path at the 2048-character limit and refuses one past it', () => {
    expect(isSafeReturnPath(`/${'a'.repeat(2047)}`)).toBe(true);
    expect(isSafeReturnPath(`/${'a'.repeat(2048)}`)).toBe(false);
  });

  it('refuses values that are not strings', () => {
    expect(isSafeReturnPath(null)).toBe(false);
    expect(isSafeReturnPath(undefined)).toBe(false);
    expect(isSafeReturnPath(['/dashboard'])).toBe(false);
  });
});

describe('safeReturnPath', () => {
  it('returns the origin when it is safe', () => {
    expect(safeReturnPath('/dashboard/sales', '/dashboard')).toBe('/dashboard/sales');
  });

  it('returns the fallback when it is not', () => {
    expect(safeReturnPath('//evil.example', '/dashboard')).toBe('/dashboard');
    expect(safeReturnPath(null, '/members')).toBe('/members');
  });
});

describe('safeReturnPath default', () => {
  it('falls back to /dashboard when no fallback is given', () => {
    expect(safeReturnPath('//evil.example')).toBe('/dashboard');
    expect(safeReturnPath('/dashboard/sales')).toBe('/dashboard/sales');
  });
});


describe('safeReturnPath (server continue URLs)', () => {
  it.each(['/dashboard', '/dashboard/products?tab=files#top', '/dashboard/website-builder/page/home', '/a%20b'])(
    'follows the same-site path %s',
    (path) => {
      expect(safeReturnPath(path)).toBe(path);
    },
  );

  it.each([
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '%2F%2Fevil.example',
    '/%2F/evil.example',
    '/%5Cevil.example',
    '/%252F/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'https://evil.example/dashboard',
    'dashboard',
    '',
    '/%E0%A4%A',
  ])('refuses %j and falls back to /dashboard', (path) => {
    expect(isSafeReturnPath(path)).toBe(false);
    expect(safeReturnPath(path)).toBe('/dashboard');
  });

  it('accepts 2048 characters and refuses 2049', () => {
    expect(isSafeReturnPath(`/${'a'.repeat(2047)}`)).toBe(true);
    expect(isSafeReturnPath(`/${'a'.repeat(2048)}`)).toBe(false);
  });

  it('refuses values that are not strings', () => {
    expect(isSafeReturnPath(undefined)).toBe(false);
    expect(isSafeReturnPath(['/dashboard'])).toBe(false);
  });
});
