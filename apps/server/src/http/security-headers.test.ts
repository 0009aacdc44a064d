import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';
import { appSecurityHeaders, cspDirectives, cspHeaderValue, essentialSecurityHeaders } from './security-headers.ts';

const US = 'http://localhost:3100';
const SYDNEY = 'http://localhost:3102';

const connectSrc = (csp: unknown) =>
  String(csp)
    .split(';')
    .find((directive) => directive.startsWith('connect-src '))
    ?.split(' ')
    .slice(1);

describe('CSP connect-src and the data regions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: testEnv({ REGION_URLS: `us-central=${US},sydney=${SYDNEY}/` }) });
  });
  afterAll(() => t?.close());

  it('lets our pages call each region origin from REGION_URLS', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/cozy-mugs/members' });
    expect(connectSrc(response.headers['content-security-policy'])).toEqual(["'self'", US, SYDNEY]);
  });

  it('puts the region origins on storefront pages too', () => {
    const headers = essentialSecurityHeaders(t.env);
    expect(connectSrc(headers[headers.indexOf('content-security-policy') + 1])).toEqual(["'self'", US, SYDNEY]);
  });

  it('allows only the page origin in one region', () => {
    const headers = essentialSecurityHeaders(testEnv());
    expect(connectSrc(headers[headers.indexOf('content-security-policy') + 1])).toEqual(["'self'"]);
    expect(cspDirectives(false).connectSrc).toEqual(["'self'"]);
  });
});

describe('the storefront pages’ CSP', () => {
  const cspOf = (headers: string[]) => headers[headers.indexOf('content-security-policy') + 1]!;
  const directive = (csp: string, name: string) => csp.split(';').filter((item) => item.startsWith(`${name} `));

  it('lets a course page play its free previews: the lesson players framed, blob: media for hls.js', () => {
    const csp = cspOf(essentialSecurityHeaders(testEnv()));
    expect(directive(csp, 'frame-src')).toEqual(['frame-src https://www.youtube-nocookie.com https://player.vimeo.com https://www.loom.com']);
    expect(directive(csp, 'media-src')).toEqual(["media-src 'self' blob:"]);
  });

  it('is otherwise our strict CSP, with no other frames or scripts', () => {
    const csp = cspOf(essentialSecurityHeaders(testEnv()));
    expect(csp.replace(/;frame-src [^;]*/, '').replace(/;media-src [^;]*/, '')).toBe(cspHeaderValue(cspDirectives(false)));
    expect(directive(csp, 'script-src')).toEqual(["script-src 'self'"]);
  });
});

describe('the security headers of every answer', () => {
  /** What @fastify/helmet sent with the options the app used to register it, as a list of [name, value]. */
  async function helmetSent(https: boolean): Promise<Record<string, string>> {
    const { default: helmet } = await import('helmet');
    const sent: Record<string, string> = {};
    const response = { setHeader: (name: string, value: string) => (sent[name.toLowerCase()] = value), removeHeader: () => undefined };
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(https, [SYDNEY]) },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
      crossOriginResourcePolicy: { policy: 'same-site' },
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    })({} as never, response as never, () => undefined);
    return sent;
  }

  it('are exactly what helmet sent, HSTS only over https', async () => {
    const regions = { urls: { sydney: SYDNEY } };
    expect(appSecurityHeaders({ publicUrl: 'http://localhost:3000', regions })).toEqual(await helmetSent(false));
    expect(appSecurityHeaders({ publicUrl: 'https://shop.example', regions })).toEqual(await helmetSent(true));
    expect(appSecurityHeaders({ publicUrl: 'http://localhost:3000' })).not.toHaveProperty('strict-transport-security');
  });

  it('are on a function answer and on an error', async () => {
    const t = await createTestApp();
    try {
      for (const response of [
        await t.app.inject({ method: 'POST', url: '/fn/getCurrentUser', headers: { 'content-type': 'application/json' }, payload: '{"data":{}}' }),
        await t.app.inject({ method: 'POST', url: '/fn/noSuchFunction', headers: { 'content-type': 'application/json' }, payload: '{"data":{}}' }),
      ]) {
        for (const [name, value] of Object.entries(appSecurityHeaders(t.env))) expect(response.headers[name]).toBe(value);
      }
    } finally {
      await t.close();
    }
  });
});
