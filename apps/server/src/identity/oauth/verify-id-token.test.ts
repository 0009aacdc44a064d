import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Jwk, JwsAlgorithm } from './jws.ts';
import { createSigningKey, signJwt, tamperSignature } from '#src/testing/oauth/signing-keys.ts';
import { verifyIdToken, type VerifyIdTokenOptions } from './verify-id-token.ts';

const ISSUER = 'https://idp.example.com';
const CLIENT_ID = 'shopfront-client';
const NONCE = 'n-0S6_WzA2Mj';
const NOW = new Date('2030-01-01T12:00:00Z');
const NOW_S = NOW.getTime() / 1000;

const rsa = createSigningKey('RS256');

function claims(overrides: Record<string, unknown> = {}) {
  return { iss: ISSUER, sub: 'user-1', aud: CLIENT_ID, exp: NOW_S + 300, iat: NOW_S - 10, nonce: NONCE, ...overrides };
}

function options(keys: Jwk[] | ((refresh: boolean) => Jwk[]), overrides: Partial<VerifyIdTokenOptions> = {}): VerifyIdTokenOptions {
  return {
    issuers: [ISSUER],
    clientId: CLIENT_ID,
    nonce: NONCE,
    now: NOW,
    getKeys: async ({ refresh }) => (typeof keys === 'function' ? keys(refresh) : keys),
    ...overrides,
  };
}

const refusal = (reason: string) => expect.objectContaining({ name: 'IdTokenError', reason });

describe('verifyIdToken signatures', () => {
  it.each<JwsAlgorithm>(['RS256', 'RS512', 'PS256', 'ES256', 'ES384', 'ES512', 'EdDSA'])('accepts a valid %s token', async (alg) => {
    const key = alg === 'RS256' ? rsa : createSigningKey(alg);
    const verified = await verifyIdToken(signJwt(key, claims({ email: 'a@example.com' })), options([key.publicJwk]));
    expect(verified).toMatchObject({ sub: 'user-1', email: 'a@example.com' });
  });

  it('refuses a token whose signature was altered', async () => {
    const token = tamperSignature(signJwt(rsa, claims()));
    await expect(verifyIdToken(token, options([rsa.publicJwk]))).rejects.toEqual(refusal('signature'));
  });

  it('refuses a token whose payload was altered after signing', async () => {
    const [head, , signature] = signJwt(rsa, claims()).split('.');
    const forged = Buffer.from(JSON.stringify(claims({ sub: 'admin' }))).toString('base64url');
    await expect(verifyIdToken(`${head}.${forged}.${signature}`, options([rsa.publicJwk]))).rejects.toEqual(refusal('signature'));
  });

  it('refuses a token signed by a key that is not the issuer’s', async () => {
    const stranger = createSigningKey('RS256');
    const token = signJwt({ ...stranger, kid: rsa.kid }, claims());
    await expect(verifyIdToken(token, options([rsa.publicJwk]))).rejects.toEqual(refusal('signature'));
  });

  it('refuses alg none and HMAC tokens', async () => {
    const head = (alg: string) => Buffer.from(JSON.stringify({ alg, kid: rsa.kid })).toString('base64url');
    const body = Buffer.from(JSON.stringify(claims())).toString('base64url');
    await expect(verifyIdToken(`${head('none')}.${body}.`, options([rsa.publicJwk]))).rejects.toEqual(refusal('malformed'));
    await expect(verifyIdToken(`${head('none')}.${body}.AAAA`, options([rsa.publicJwk]))).rejects.toEqual(refusal('algorithm'));
    // The classic confusion attack: HS256 keyed with the issuer's public key material.
    const mac = createHmac('sha256', JSON.stringify(rsa.publicJwk)).update(`${head('HS256')}.${body}`).digest('base64url');
    await expect(verifyIdToken(`${head('HS256')}.${body}.${mac}`, options([rsa.publicJwk]))).rejects.toEqual(refusal('algorithm'));
  });

  it('refuses an algorithm the caller did not allow', async () => {
    const token = signJwt(rsa, claims());
    await expect(verifyIdToken(token, options([rsa.publicJwk], { allowedAlgorithms: ['ES256'] }))).rejects.toEqual(refusal('algorithm'));
  });

  it('refuses a key of the wrong type for the header algorithm', async () => {
    const ec = createSigningKey('ES256');
    const token = signJwt({ ...ec, alg: 'RS256' }, claims());
    await expect(verifyIdToken(token, options([{ ...ec.publicJwk, alg: undefined }]))).rejects.toEqual(refusal('key'));
  });

  it('ignores encryption keys and keys declared for another algorithm', async () => {
    const token = signJwt(rsa, claims());
    await expect(verifyIdToken(token, options([{ ...rsa.publicJwk, use: 'enc' }]))).rejects.toEqual(refusal('key'));
    await expect(verifyIdToken(token, options([{ ...rsa.publicJwk, alg: 'PS256' }]))).rejects.toEqual(refusal('key'));
  });

  it('refuses RSA keys shorter than 2048 bits', async () => {
    const weak = createSigningKey('RS256', { rsaBits: 1024 });
    await expect(verifyIdToken(signJwt(weak, claims()), options([weak.publicJwk]))).rejects.toEqual(refusal('signature'));
  });

  it('uses only the public members of a key that leaks private ones', async () => {
    await expect(verifyIdToken(signJwt(rsa, claims()), options([rsa.privateJwk]))).resolves.toMatchObject({ sub: 'user-1' });
  });

  it('refetches the key set once when the kid is unknown (key rotation)', async () => {
    const rotated = createSigningKey('RS256');
    const calls: boolean[] = [];
    const getKeys = (refresh: boolean) => {
      calls.push(refresh);
      return refresh ? [rsa.publicJwk, rotated.publicJwk] : [rsa.publicJwk];
    };
    await expect(verifyIdToken(signJwt(rotated, claims()), options(getKeys))).resolves.toMatchObject({ sub: 'user-1' });
    expect(calls).toEqual([false, true]);
    calls.length = 0;
    const unknown = createSigningKey('RS256');
    await expect(verifyIdToken(signJwt(unknown, claims()), options(getKeys))).rejects.toEqual(refusal('key'));
    expect(calls).toEqual([false, true]);
  });

  it('picks a key without kid only when exactly one fits', async () => {
    const token = signJwt(rsa, claims(), { kid: undefined });
    await expect(verifyIdToken(token, options([rsa.publicJwk]))).resolves.toMatchObject({ sub: 'user-1' });
    const other = createSigningKey('RS256');
    await expect(verifyIdToken(token, options([rsa.publicJwk, other.publicJwk]))).rejects.toEqual(refusal('key'));
  });

  it.each([
    ['two parts', 'a.b'],
    ['not base64url', 'a+b.c.d'],
    ['a header that is not JSON', `${Buffer.from('nope').toString('base64url')}.e30.AAAA`],
    ['an array payload', `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.${Buffer.from('[1]').toString('base64url')}.AAAA`],
    ['a critical header extension', `${Buffer.from('{"alg":"RS256","crit":["b64"]}').toString('base64url')}.e30.AAAA`],
    ['more than 16 KiB', `${'a'.repeat(16_385)}.b.c`],
  ])('refuses a malformed token: %s', async (_label, token) => {
    await expect(verifyIdToken(token, options([rsa.publicJwk]))).rejects.toEqual(refusal('malformed'));
  });
});

describe('verifyIdToken claims', () => {
  const verify = (overrides: Record<string, unknown>, extra: Partial<VerifyIdTokenOptions> = {}) =>
    verifyIdToken(signJwt(rsa, claims(overrides)), options([rsa.publicJwk], extra));

  it('refuses another issuer', async () => {
    await expect(verify({ iss: 'https://evil.example.com' })).rejects.toEqual(refusal('issuer'));
    await expect(verify({ iss: `${ISSUER}/` })).rejects.toEqual(refusal('issuer'));
  });

  it('refuses a token for another audience', async () => {
    await expect(verify({ aud: 'another-client' })).rejects.toEqual(refusal('audience'));
    await expect(verify({ aud: ['another-client'] })).rejects.toEqual(refusal('audience'));
  });

  it('needs azp to be us when there are several audiences', async () => {
    await expect(verify({ aud: [CLIENT_ID, 'other'] })).rejects.toEqual(refusal('audience'));
    await expect(verify({ aud: [CLIENT_ID, 'other'], azp: 'other' })).rejects.toEqual(refusal('audience'));
    await expect(verify({ aud: [CLIENT_ID, 'other'], azp: CLIENT_ID })).resolves.toMatchObject({ sub: 'user-1' });
  });

  it('accepts exp up to the clock skew and refuses it one second later', async () => {
    await expect(verify({ exp: NOW_S - 59 })).resolves.toMatchObject({ sub: 'user-1' });
    await expect(verify({ exp: NOW_S - 60 })).rejects.toEqual(refusal('expired'));
  });

  it('accepts iat up to the clock skew in the future and refuses it beyond', async () => {
    await expect(verify({ iat: NOW_S + 60 })).resolves.toMatchObject({ sub: 'user-1' });
    await expect(verify({ iat: NOW_S + 61 })).rejects.toEqual(refusal('not-yet-valid'));
  });

  it('honours nbf with the same skew', async () => {
    await expect(verify({ nbf: NOW_S + 60 })).resolves.toMatchObject({ sub: 'user-1' });
    await expect(verify({ nbf: NOW_S + 61 })).rejects.toEqual(refusal('not-yet-valid'));
  });

  it('refuses missing or non-numeric exp and iat', async () => {
    await expect(verify({ exp: undefined })).rejects.toEqual(refusal('malformed'));
    await expect(verify({ iat: '1' })).rejects.toEqual(refusal('malformed'));
  });

  it('refuses a missing or different nonce', async () => {
    await expect(verify({ nonce: undefined })).rejects.toEqual(refusal('nonce'));
    await expect(verify({ nonce: `${NONCE}x` })).rejects.toEqual(refusal('nonce'));
  });

  it('refuses a missing or empty subject', async () => {
    await expect(verify({ sub: '' })).rejects.toEqual(refusal('subject'));
    await expect(verify({ sub: 42 })).rejects.toEqual(refusal('subject'));
  });
});
