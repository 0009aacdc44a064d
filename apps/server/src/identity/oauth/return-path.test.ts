import { describe, expect, it } from 'vitest';
import { isSafeReturnPath, safeReturnPath } from './return-path.ts';

describe('safeReturnPath', () => {
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
