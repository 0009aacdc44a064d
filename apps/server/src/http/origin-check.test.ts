import { describe, expect, it } from 'vitest';
import { assertTrustedOrigin } from './origin-check.ts';

const env = { publicUrl: 'https://shop.example.com', corsOrigins: ['https://shop.example.com'], productHosts: ['shop.example.com'] };
const refused = { code: 'permission-denied' };

describe('assertTrustedOrigin for store customer cookies (members area)', () => {
  it('lets a members sign-in from the page’s own custom domain set the store cookie', () => {
    expect(() => assertTrustedOrigin({ host: 'maker.example.org', origin: 'https://maker.example.org' }, env, 'customerSignIn')).not.toThrow();
  });

  it('lets the platform origin sign a customer in on the platform host', () => {
    expect(() => assertTrustedOrigin({ host: 'shop.example.com', origin: 'https://shop.example.com' }, env, 'customerSignUp')).not.toThrow();
  });

  it('refuses a cross-site members sign-in (login CSRF) and one without an Origin', () => {
    expect(() => assertTrustedOrigin({ host: 'maker.example.org', origin: 'https://evil.example.net' }, env, 'customerSignIn')).toThrow(
      expect.objectContaining(refused),
    );
    expect(() => assertTrustedOrigin({ host: 'maker.example.org' }, env, 'customerResetPassword')).toThrow(expect.objectContaining(refused));
  });

  it('refuses a request riding a customer cookie from another site, and allows it from the same origin', () => {
    const cookie = 'sfc_store_abc=tok';
    expect(() => assertTrustedOrigin({ host: 'maker.example.org', cookie, origin: 'null' }, env, 'getMyPurchases')).toThrow(
      expect.objectContaining(refused),
    );
    expect(() => assertTrustedOrigin({ host: 'maker.example.org', cookie, origin: 'https://maker.example.org' }, env, 'getMyPurchases')).not.toThrow();
  });

  it('still needs a trusted origin, not merely the same host, for the creator session cookie', () => {
    expect(() =>
      assertTrustedOrigin({ host: 'maker.example.org', cookie: 'sf_session=tok', origin: 'https://maker.example.org' }, env, 'getCurrentUser'),
    ).toThrow(expect.objectContaining(refused));
  });

  it('needs no Origin for calls without any cookie (Bearer API clients)', () => {
    expect(() => assertTrustedOrigin({ host: 'shop.example.com' }, env, 'getMyPurchases')).not.toThrow();
  });
});
