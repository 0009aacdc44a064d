import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '#src/env.ts';
import { enabledAuthProviders, oauthRedirectUri } from './providers.ts';

const parse = (vars: Record<string, string>) => parseEnv({ PUBLIC_URL: 'https://shop.example.com', ...vars }, '/srv');

function problems(vars: Record<string, string>): string[] {
  try {
    parse(vars);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  throw new Error('expected an EnvError');
}

describe('OAuth env', () => {
  it('enables nothing by default', () => {
    expect(parse({}).oauth).toEqual({ google: null, github: null, facebook: null, twitter: null, oidc: null });
    expect(enabledAuthProviders(parse({}))).toEqual([]);
  });

  it('enables each provider whose id and secret are both set, in button order', () => {
    const env = parse({
      TWITTER_CLIENT_ID: 'tw',
      TWITTER_CLIENT_SECRET: 'tw-secret',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      OIDC_ISSUER: 'https://id.example.com/realms/shop/',
      OIDC_CLIENT_ID: 'shop',
      OIDC_CLIENT_SECRET: 'shop-secret',
      OIDC_LABEL: 'Company login',
    });
    expect(env.oauth.google).toEqual({ clientId: 'g', clientSecret: 'g-secret' });
    expect(env.oauth.oidc).toEqual({
      issuer: 'https://id.example.com/realms/shop',
      clientId: 'shop',
      clientSecret: 'shop-secret',
      label: 'Company login',
      scopes: ['openid', 'email', 'profile'],
    });
    expect(enabledAuthProviders(env)).toEqual([
      { id: 'google', label: 'Google' },
      { id: 'twitter', label: 'X (Twitter)' },
      { id: 'oidc', label: 'Company login' },
    ]);
    expect(oauthRedirectUri(env, 'google')).toBe('https://shop.example.com/auth/oauth/google/callback');
  });

  it('uses the default label and reads custom scopes', () => {
    const env = parse({ OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b', OIDC_SCOPES: 'openid email groups' });
    expect(env.oauth.oidc).toMatchObject({ label: 'Single sign-on', scopes: ['openid', 'email', 'groups'] });
  });

  it('lists every half-configured provider at once', () => {
    expect(
      problems({ GOOGLE_CLIENT_ID: 'g', GITHUB_CLIENT_SECRET: 's', OIDC_ISSUER: 'https://id.example.com', PORT: 'eighty' }),
    ).toEqual([
      'PORT: Invalid input: expected number, received NaN',
      'GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_SECRET is required when GOOGLE_CLIENT_ID is set',
      'GITHUB_CLIENT_ID: GITHUB_CLIENT_ID is required when GITHUB_CLIENT_SECRET is set',
      'OIDC_CLIENT_ID: OIDC_CLIENT_ID is required when OIDC_ISSUER is set',
    ]);
  });

  it('needs an issuer for an OIDC client', () => {
    expect(problems({ OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' })).toEqual(['OIDC_ISSUER: OIDC_ISSUER is required when OIDC_CLIENT_ID is set']);
  });

  it.each(['not a url', 'http://id.example.com', 'ftp://id.example.com', 'https://id.example.com/?tenant=1', 'https://user:pw@id.example.com'])(
    'refuses the issuer %s',
    (issuer) => {
      expect(problems({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' })).toEqual([
        expect.stringMatching(/^OIDC_ISSUER: OIDC_ISSUER must be an https URL/),
      ]);
    },
  );

  it('allows plain http only for a loopback issuer', () => {
    for (const issuer of ['http://localhost:8080', 'http://127.0.0.1:9000/realms/dev', 'http://[::1]:9000']) {
      expect(parse({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }).oauth.oidc?.issuer).toBe(issuer);
    }
  });

  it('refuses scopes without openid and labels past 40 characters', () => {
    const base = { OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' };
    expect(problems({ ...base, OIDC_SCOPES: 'email profile' })).toEqual(['OIDC_SCOPES: OIDC_SCOPES must include openid']);
    expect(parse({ ...base, OIDC_LABEL: 'x'.repeat(40) }).oauth.oidc?.label).toHaveLength(40);
    expect(problems({ ...base, OIDC_LABEL: 'x'.repeat(41) })).toEqual(['OIDC_LABEL: OIDC_LABEL must be at most 40 characters']);
  });

  it('treats empty variables as unset', () => {
    expect(parse({ GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: ' ' }).oauth.google).toBeNull();
  });
});
