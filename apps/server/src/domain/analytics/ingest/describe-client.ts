// Exports what a request says about its client (describeUserAgent, countryOf, referrerHostOf, utmOf): the ingest's parsers, one module.
import { createRequire } from 'node:module';
import Bowser from 'bowser';
import { isbot } from 'isbot';

/** What a user agent says, reduced to classes: the full string is never stored. */
export interface ClientClass {
  bot: boolean;
  device: 'desktop' | 'mobile' | 'tablet' | 'other';
  browser: string | null;
  os: string | null;
}

const MAX_CACHED_AGENTS = 10_000;
const agents = new Map<string, ClientClass>();
const BOT: ClientClass = { bot: true, device: 'other', browser: null, os: null };
/** Device, browser and OS names are short; a longer one is not worth a rollup row. */
const clip = (value: string | undefined) => (value ? value.slice(0, 60) : null);

/**
 * isbot (a maintained list of crawlers, previewers and HTTP libraries) and bowser (MIT) on the
 * user agent, cached in a bounded Map: a site's visitors share a few hundred agents. An empty user
 * agent is a script, not a browser.
 */
export function describeUserAgent(userAgent: string): ClientClass {
  let found = agents.get(userAgent);
  if (found) return found;
  found = classify(userAgent);
  if (agents.size >= MAX_CACHED_AGENTS) agents.clear();
  agents.set(userAgent, found);
  return found;
}

function classify(userAgent: string): ClientClass {
  if (userAgent.trim() === '' || isbot(userAgent)) return BOT;
  const parsed = Bowser.parse(userAgent);
  const platform = parsed.platform.type;
  if (platform === 'bot') return BOT;
  const device = platform === 'desktop' || platform === 'mobile' || platform === 'tablet' ? platform : 'other';
  return { bot: false, device, browser: clip(parsed.browser.name), os: clip(parsed.os.name) };
}

/** The bundled country-level GeoLite2 data (geoip-country), loaded on first use (~20 MB in memory). */
let geoip: { lookup(ip: string): { country: string } | null } | null = null;

/** ISO 3166-1 alpha-2 of the address, or null (private, loopback or unknown addresses). */
export function countryOf(ip: string): string | null {
  geoip ??= createRequire(import.meta.url)('geoip-country') as NonNullable<typeof geoip>;
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  try {
    return geoip.lookup(address)?.country ?? null;
  } catch {
    return null;
  }
}

/**
 * The referrer's host, lower-cased; null when there is none or it is the page's own host (the
 * visitor moved inside the site) or it is not an http(s) address.
 */
export function referrerHostOf(referrer: string, pageHost: string): string | null {
  if (!referrer) return null;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase();
  const own = pageHost.toLowerCase().replace(/:\d+$/, '');
  return host === '' || host === own ? null : host.slice(0, 253);
}

export interface Utm {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

const utmValue = (params: URLSearchParams, name: string) => {
  const value = params.get(name)?.trim().toLowerCase().slice(0, 100);
  return value ? value : null;
};

/** utm_source, utm_medium and utm_campaign of a query string: trimmed, lower-cased, at most 100 characters. */
export function utmOf(query: string): Utm {
  if (!query.includes('utm_')) return { utmSource: null, utmMedium: null, utmCampaign: null };
  const params = new URLSearchParams(query);
  return { utmSource: utmValue(params, 'utm_source'), utmMedium: utmValue(params, 'utm_medium'), utmCampaign: utmValue(params, 'utm_campaign') };
}
