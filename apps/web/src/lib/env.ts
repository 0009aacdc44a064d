import { CLIENT_CONFIG_ELEMENT_ID, ClientConfigSchema, type ClientConfig } from '@shopfront/core';

/**
 * The client config the server injects into every HTML page (CONVENTIONS rule 6: the one place
 * the web app reads its environment). Under `vite dev` nothing is injected, so the page's own
 * host is treated as the product host and the app runs in development mode.
 */
export function readClientConfig(doc: Document = document, loc: Location = location): ClientConfig {
  const element = doc.getElementById(CLIENT_CONFIG_ELEMENT_ID);
  if (element?.textContent) {
    const parsed = ClientConfigSchema.safeParse(safeJson(element.textContent));
    if (parsed.success) return parsed.data;
    console.error('Invalid client config; falling back to development defaults', parsed.error);
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
