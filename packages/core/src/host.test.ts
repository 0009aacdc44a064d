import { describe, expect, it } from 'vitest';
import { isIpLiteral, isLocalHost, isPlatformHost, normalizeHost } from './host.ts';

describe('normalizeHost', () => {
  it.each([
    ['Shop.Example.COM:8080', 'shop.example.com'],
    ['localhost:3000', 'localhost'],
    ['[::1]:3000', '[::1]'],
    ['[::1]', '[::1]'],
    ['::1', '::1'],
    ['example.com.', 'example.com'],
    ['  example.com ', 'example.com'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeHost(input)).toBe(expected);
  });
});

describe('host kinds', () => {
  it.each(['localhost', 'LOCALHOST:80', '127.0.0.1', '[::1]:5173', '::1', '0.0.0.0:3000'])('%j is local', (host) => {
    expect(isLocalHost(host)).toBe(true);
  });
  it.each(['localhost.example.com', '127.0.0.2', 'example.com'])('%j is not local', (host) => {
    expect(isLocalHost(host)).toBe(false);
  });
  it.each(['10.0.0.1', '192.168.1.5:3000', '[2001:db8::1]', '2001:db8::1'])('%j is an IP literal', (host) => {
    expect(isIpLiteral(host)).toBe(true);
  });
  it.each([
    ['shopfront.example', true],
    ['Shopfront.Example:443', true],
    ['web', true],
    ['10.0.0.1', true],
    ['ada.shopfront.example', false],
    ['adamakes.com', false],
  ])('%j is a platform host: %s', (host, expected) => {
    expect(isPlatformHost(host, ['shopfront.example:443'])).toBe(expected);
  });
});
