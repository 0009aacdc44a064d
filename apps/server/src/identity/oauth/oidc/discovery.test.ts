import { describe, expect, it } from 'vitest';
import { createOidcDiscovery, KEYS_REFRESH_INTERVAL_MS, KEYS_TTL_MS, METADATA_TTL_MS, parseMetadata } from './discovery.ts';

const ISSUER = 'https://id.example.com/realms/shop';
const metadata = {
  issuer: ISSUER,
  authorization_endpoint: `${ISSUER}/auth`,
  token_endpoint: 'https://tokens.example.com/token',
  jwks_uri: `${ISSUER}/certs`,
  userinfo_endpoint: `${ISSUER}/userinfo`,
};

/** A fake issuer that counts requests, and a clock the test moves. */
function fakeIssuer(jwksKeys: () => unknown[] = () => [{ kty: 'RSA', kid: 'k1' }]) {
  const calls: string[] = [];
  let nowMs = 1_000_000;
  const fetch = (async (input: string | URL | Request) => {
    const url = String(input);
    calls.push(url);
    const body = url.endsWith('/.well-known/openid-configuration') ? metadata : url === metadata.jwks_uri ? { keys: jwksKeys() } : null;
    return new Response(JSON.stringify(body), { status: body ? 200 : 404 });
  }) as typeof globalThis.fetch;
  return {
    calls,
    advance: (ms: number) => void (nowMs += ms),
    discovery: createOidcDiscovery({ issuer: ISSUER, fetch, clock: () => nowMs }),
  };
}

describe('OIDC discovery', () => {
  it('reads the well-known document once per hour', async () => {
    const issuer = fakeIssuer();
    await expect(issuer.discovery.metadata()).resolves.toMatchObject({ token_endpoint: 'https://tokens.example.com/token' });
    issuer.advance(METADATA_TTL_MS - 1);
    await issuer.discovery.metadata();
    expect(issuer.calls).toEqual([`${ISSUER}/.well-known/openid-configuration`]);
    issuer.advance(1);
    await issuer.discovery.metadata();
    expect(issuer.calls).toHaveLength(2);
  });

  it('caches keys, and refetches them for an unknown key at most every 30 seconds', async () => {
    const issuer = fakeIssuer();
    await issuer.discovery.keys({ refresh: false });
    await issuer.discovery.keys({ refresh: true });
    expect(issuer.calls.filter((url) => url === metadata.jwks_uri)).toHaveLength(1);
    issuer.advance(KEYS_REFRESH_INTERVAL_MS);
    await issuer.discovery.keys({ refresh: false });
    expect(issuer.calls.filter((url) => url === metadata.jwks_uri)).toHaveLength(1);
    await issuer.discovery.keys({ refresh: true });
    expect(issuer.calls.filter((url) => url === metadata.jwks_uri)).toHaveLength(2);
    issuer.advance(KEYS_TTL_MS);
    await issuer.discovery.keys({ refresh: false });
    expect(issuer.calls.filter((url) => url === metadata.jwks_uri)).toHaveLength(3);
  });

  it('refuses a key set that is not one', async () => {
    const issuer = fakeIssuer(() => 'nope' as unknown as unknown[]);
    await expect(issuer.discovery.keys({ refresh: false })).rejects.toThrow('jwks_uri did not return a JWK set');
  });
});

describe('parseMetadata', () => {
  it('accepts the issuer with or without a trailing slash', () => {
    expect(parseMetadata(ISSUER, { ...metadata, issuer: `${ISSUER}/` }).issuer).toBe(`${ISSUER}/`);
  });

  it('refuses a document that names another issuer', () => {
    expect(() => parseMetadata(ISSUER, { ...metadata, issuer: 'https://evil.example.com' })).toThrow('names another issuer');
  });

  it('refuses a document without the required endpoints', () => {
    expect(() => parseMetadata(ISSUER, { issuer: ISSUER })).toThrow('missing required fields');
  });

  it('refuses plain-http endpoints for an https issuer', () => {
    expect(() => parseMetadata(ISSUER, { ...metadata, token_endpoint: 'http://tokens.example.com/token' })).toThrow('not https');
    expect(() => parseMetadata(ISSUER, { ...metadata, jwks_uri: 'javascript:alert(1)' })).toThrow('not https');
  });

  it('allows http endpoints only on the host of a loopback development issuer', () => {
    const local = 'http://127.0.0.1:9000';
    const doc = { issuer: local, authorization_endpoint: `${local}/auth`, token_endpoint: `${local}/token`, jwks_uri: `${local}/jwks` };
    expect(parseMetadata(local, doc).token_endpoint).toBe(`${local}/token`);
    expect(() => parseMetadata(local, { ...doc, token_endpoint: 'http://10.0.0.5/token' })).toThrow('not https');
  });
});
