import { CLIENT_CONFIG_ELEMENT_ID, type ClientConfig } from '@shopfront/core';

/**
 * The client config the server injects into every HTML page (CONVENTIONS rule 6: the one place
 * the web app reads its environment). Under `vite dev` nothing is injected, so the page's own
 * host is treated as the product host and the app runs in development mode.
 */
export function readClientConfig(doc: Document = document, loc: Location = location): ClientConfig {
  const element = doc.getElementById(CLIENT_CONFIG_ELEMENT_ID);
  if (element?.textContent) {
    const value = safeJson(element.textContent);
    const parsed = parseClientConfig(value);
    if (parsed) return parsed;
    console.error('Invalid client config; falling back to development defaults', value);
  }
  return developmentConfig(loc);
}

export function developmentConfig(loc: Pick<Location, 'hostname' | 'origin'>): ClientConfig {
  return {
    productHosts: [loc.hostname],
    environment: 'development',
    publicUrl: loc.origin,
    bioDomain: null,
  };
}

const ENVIRONMENTS: readonly string[] = ['development', 'test', 'production'] satisfies ClientConfig['environment'][];

/**
 * `ClientConfigSchema`'s check by hand (the server writes the config through that schema): zod
 * would be 20 KB of every first screen for one object (decision 038). Unknown keys are dropped, as
 * zod does; env.test.ts holds the two to the same answers.
 */
export function parseClientConfig(value: unknown): ClientConfig | null {
  if (!isRecord(value)) return null;
  const { productHosts, environment, publicUrl, bioDomain, regions } = value;
  if (!Array.isArray(productHosts) || !productHosts.every(isString)) return null;
  if (!isString(environment) || !ENVIRONMENTS.includes(environment)) return null;
  if (!isString(publicUrl) || !(bioDomain === null || isString(bioDomain))) return null;
  const config: ClientConfig = { productHosts: [...productHosts], environment: environment as ClientConfig['environment'], publicUrl, bioDomain };
  if (regions === undefined) return config;
  if (!isRecord(regions)) return null;
  const { 'us-central': usCentral, sydney } = regions;
  if (!(usCentral === undefined || isString(usCentral)) || !(sydney === undefined || isString(sydney))) return null;
  config.regions = {};
  if (usCentral !== undefined) config.regions['us-central'] = usCentral;
  if (sydney !== undefined) config.regions.sydney = sydney;
  return config;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

let cached: ClientConfig | null = null;

/** The config of this page load, read once. */
export function clientConfig(): ClientConfig {
  cached ??= readClientConfig();
  return cached;
}
