import { describe, expect, it } from 'vitest';
import { safeHref, safeImageSrc } from './safe-url.ts';

describe('safeHref', () => {
  it('keeps http(s) and mailto links and refuses script and data links', () => {
    expect(safeHref('https://example.com/a')).toBe('https://example.com/a');
    expect(safeHref('http://example.com')).toBe('http://example.com');
    expect(safeHref('mailto:hi@example.com')).toBe('mailto:hi@example.com');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('JavaScript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(safeHref('')).toBeNull();
    expect(safeHref(undefined)).toBeNull();
  });

  it('keeps a same-site path only where paths are allowed, and never //host or /\\host', () => {
    expect(safeHref('/about')).toBeNull();
    expect(safeHref('/about', { allowPath: true })).toBe('/about');
    expect(safeHref('//evil.example', { allowPath: true })).toBeNull();
    expect(safeHref('/\\evil.example', { allowPath: true })).toBeNull();
  });
});

describe('safeImageSrc', () => {
  it('keeps http(s) URLs and same-site paths, refusing other schemes and //host', () => {
    expect(safeImageSrc('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(safeImageSrc('/uploads/a.png')).toBe('/uploads/a.png');
    expect(safeImageSrc('//evil.example/a.png')).toBeNull();
    expect(safeImageSrc('/\\evil.example/a.png')).toBeNull();
    expect(safeImageSrc('javascript:alert(1)')).toBeNull();
    expect(safeImageSrc('data:image/png;base64,AAAA')).toBeNull();
    expect(safeImageSrc(null)).toBeNull();
  });
});
