import { describe, expect, it } from 'vitest';
import { refusal } from '#src/testing/refusal.ts';
import { CALENDAR_MESSAGES, MAX_CALENDAR_URL_LENGTH } from './calendar-messages.ts';
import { checkCalendarUrl, isPublicAddress } from './calendar-url.ts';

const invalid = { code: 'invalid-argument', message: CALENDAR_MESSAGES.invalidUrl };
const privateAddress = { code: 'invalid-argument', message: CALENDAR_MESSAGES.privateAddress };
const check = async (url: string, allowLoopback = false) => refusal(Promise.resolve().then(() => checkCalendarUrl(url, { allowLoopback })));

describe('which calendar URLs the server fetches', () => {
  it('takes https and webcal (as https), without the fragment', () => {
    expect(checkCalendarUrl('  https://calendar.example.com/private-abc/basic.ics#x ').href).toBe('https://calendar.example.com/private-abc/basic.ics');
    expect(checkCalendarUrl('webcal://p01-caldav.icloud.com/published/2/abc').href).toBe('https://p01-caldav.icloud.com/published/2/abc');
  });

  it('refuses http, other schemes, credentials, an empty or unparsable value, and a URL over the length limit', async () => {
    expect(await check('http://calendar.example.com/a.ics')).toEqual(invalid);
    expect(await check('ftp://calendar.example.com/a.ics')).toEqual(invalid);
    expect(await check('file:///etc/passwd')).toEqual(invalid);
    expect(await check('https://user:secret@calendar.example.com/a.ics')).toEqual(invalid);
    expect(await check('')).toEqual(invalid);
    expect(await check('not a url')).toEqual(invalid);
    const base = 'https://calendar.example.com/';
    expect(checkCalendarUrl(base + 'a'.repeat(MAX_CALENDAR_URL_LENGTH - base.length)).href).toHaveLength(MAX_CALENDAR_URL_LENGTH);
    expect(await check(base + 'a'.repeat(MAX_CALENDAR_URL_LENGTH - base.length + 1))).toEqual(invalid);
  });

  it('refuses private, loopback, link-local and mapped addresses; loopback (and http to it) only when allowed, as in tests', async () => {
    for (const url of ['https://10.0.0.5/a.ics', 'https://192.168.1.1/a.ics', 'https://172.16.0.1/a.ics', 'https://169.254.169.254/latest', 'https://127.0.0.1/a.ics', 'https://[::1]/a.ics', 'https://[fd00::1]/a.ics', 'https://[::ffff:127.0.0.1]/a.ics', 'https://100.64.0.1/a.ics', 'https://0.0.0.0/a.ics', 'https://localhost/a.ics']) {
      expect(await check(url), url).toEqual(privateAddress);
    }
    expect(await check('http://127.0.0.1:8080/a.ics')).toEqual(invalid);
    expect(checkCalendarUrl('http://127.0.0.1:8080/a.ics', { allowLoopback: true }).port).toBe('8080');
    expect(checkCalendarUrl('http://localhost:8080/a.ics', { allowLoopback: true }).hostname).toBe('localhost');
    // Allowing loopback allows nothing else private.
    expect(await check('https://10.0.0.5/a.ics', true)).toEqual(privateAddress);
    expect(await check('http://10.0.0.5/a.ics', true)).toEqual(invalid);
  });

  it('judges addresses: public ones pass, every private range fails', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:2800:220:1:248:1893:25c8:1946')).toBe(true);
    for (const address of ['10.1.2.3', '172.31.255.255', '192.168.0.1', '127.0.0.1', '169.254.1.1', '100.127.0.1', '224.0.0.1', '::1', 'fe80::1', 'fc00::1', '::ffff:10.0.0.1', '::ffff:7f00:1']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    expect(isPublicAddress('172.32.0.1')).toBe(true);
    expect(isPublicAddress('::ffff:5db8:d822')).toBe(true);
    expect(isPublicAddress('127.0.0.1', { allowLoopback: true })).toBe(true);
    expect(isPublicAddress('10.1.2.3', { allowLoopback: true })).toBe(false);
  });
});
