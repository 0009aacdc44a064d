import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';
import { cspDirectives, essentialSecurityHeaders } from './security-headers.ts';

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
