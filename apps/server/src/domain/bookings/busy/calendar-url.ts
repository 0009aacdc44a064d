// Exports checkCalendarUrl and isPublicAddress: which addresses the server may fetch a creator's calendar from.
import { BlockList, isIP } from 'node:net';
import { AppError } from '@shopfront/core';
import { CALENDAR_MESSAGES, MAX_CALENDAR_URL_LENGTH } from './calendar-messages.ts';

/** Where a fetch may go: `allowLoopback` only in development and tests (a local stand-in). */
export interface OutboundRules {
  allowLoopback?: boolean | undefined;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

// Every range that is not the public internet: this network, private, shared (CGNAT), loopback,
// link-local (cloud metadata), protocol assignments, benchmarking, documentation, multicast, reserved.
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['2001:db8::', 32], ['64:ff9b::', 96], ['100::', 64]] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** An address the server may connect to: public, or loopback when the rules allow it. An IPv4-mapped IPv6 address is judged as its IPv4. */
export function isPublicAddress(address: string, rules: OutboundRules = {}): boolean {
  const ip = mappedIpv4(address) ?? address;
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  if (rules.allowLoopback && LOOPBACK.check(ip, family)) return true;
  return !PRIVATE.check(ip, family);
}

/** `::ffff:10.0.0.1` or `::ffff:a00:1` (as URL parsing writes it): the IPv4 inside, else null. */
function mappedIpv4(address: string): string | null {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (dotted) return dotted;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * The URL a creator pasted, normalised (`webcal://` is https), or a refusal: https only (http on a
 * loopback host only when the rules allow it), no credentials, and a literal IP must be public.
 * Host names are checked again when connecting (fetch-calendar.ts), on every redirect.
 */
export function checkCalendarUrl(input: string, rules: OutboundRules = {}): URL {
  const trimmed = input.trim().replace(/^webcals?:\/\//i, 'https://');
  if (trimmed.length === 0 || trimmed.length > MAX_CALENDAR_URL_LENGTH || !URL.canParse(trimmed)) throw new AppError('invalid-argument', CALENDAR_MESSAGES.invalidUrl);
  const url = new URL(trimmed);
  const loopbackHttp = url.protocol === 'http:' && rules.allowLoopback === true && LOOPBACK_HOSTS.has(url.hostname);
  if ((url.protocol !== 'https:' && !loopbackHttp) || url.username || url.password || !url.hostname) throw new AppError('invalid-argument', CALENDAR_MESSAGES.invalidUrl);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !isPublicAddress(literal, rules)) throw new AppError('invalid-argument', CALENDAR_MESSAGES.privateAddress);
  if (url.hostname === 'localhost' && !rules.allowLoopback) throw new AppError('invalid-argument', CALENDAR_MESSAGES.privateAddress);
  url.hash = '';
  return url;
}
