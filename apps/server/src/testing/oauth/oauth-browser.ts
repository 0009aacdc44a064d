import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { TEST_PUBLIC_URL } from '../test-env.ts';

/**
 * A browser, by hand: one cookie jar for our app (requests through `app.inject`) and one for
 * the identity provider (real HTTP on loopback). Redirects are followed explicitly so a test
 * can stop at the callback and change what the browser sends.
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(setCookie: string | string[] | undefined): void {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string | undefined): void {
    if (value === undefined) this.cookies.delete(name);
    else this.cookies.set(name, value);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export class OAuthBrowser {
  readonly app = new CookieJar();
  readonly idp = new CookieJar();

  constructor(private readonly fastify: FastifyInstance) {}

  async getApp(path: string): Promise<LightMyRequestResponse> {
    const response = await this.fastify.inject({ method: 'GET', url: path, headers: { cookie: this.app.header() } });
    this.app.store(response.headers['set-cookie']);
    return response;
  }

  /**
   * Follows the provider's pages from `url` — logging in as `login` and consenting, or aborting
   * when `abort` — until the provider sends the browser back to us; returns that callback path.
   */
  async throughProvider(url: string, options: { login: string; abort?: boolean }): Promise<string> {
    let next: { url: string; method: 'GET' | 'POST'; body?: URLSearchParams } = { url, method: 'GET' };
    for (let hop = 0; hop < 20; hop += 1) {
      if (next.url.startsWith(TEST_PUBLIC_URL)) return next.url.slice(TEST_PUBLIC_URL.length);
      const response = await fetch(next.url, {
        method: next.method,
        redirect: 'manual',
        headers: { cookie: this.idp.header(), ...(next.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        body: next.body,
      });
      this.idp.store(response.headers.getSetCookie());
      const location = response.headers.get('location');
      if (location) {
        await response.body?.cancel();
        next = { url: new URL(location, next.url).toString(), method: 'GET' };
        continue;
      }
      const html = await response.text();
      if (response.status !== 200) throw new Error(`identity provider answered ${response.status}: ${html.slice(0, 300)}`);
      next = this.formSubmission(next.url, html, options);
    }
    throw new Error('too many hops at the identity provider');
  }

  private formSubmission(pageUrl: string, html: string, options: { login: string; abort?: boolean }) {
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([a-z]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no interaction form on ${pageUrl}`);
    const target = new URL(action.replace(/&amp;/g, '&'), pageUrl);
    if (options.abort) return { url: `${target.toString().replace(/\/$/, '')}/abort`, method: 'GET' as const };
    const body = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      body.set('login', options.login);
      body.set('password', 'any password');
    }
    return { url: target.toString(), method: 'POST' as const, body };
  }
}
