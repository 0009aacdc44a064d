import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';
import { DASHBOARD_MODE_KEY, MEMBERS_MODE_KEY, modulePreloadLinks, type BuildManifest } from './mode-preload.ts';

const INDEX_HTML = `<!doctype html><html><head><title>Shopfront</title><script type="module" crossorigin src="/assets/main-1.js"></script></head><body><div id="root"></div></body></html>`;

/** The shape Vite writes: the shell's entry, the dashboard mode (a dynamic entry) and shared chunks. */
const MANIFEST: BuildManifest = {
  'index.html': { file: 'assets/main-1.js', imports: ['_react-dom-2.js', '_react-3.js'] },
  '_react-dom-2.js': { file: 'assets/react-dom-2.js', imports: ['_react-3.js'] },
  '_react-3.js': { file: 'assets/react-3.js' },
  [DASHBOARD_MODE_KEY]: { file: 'assets/mode-dashboard-4.js', imports: ['_react-3.js', 'index.html', '_auth-5.js'] },
  '_auth-5.js': { file: 'assets/auth-5.js', imports: ['_react-dom-2.js', '_query-6.js'] },
  '_query-6.js': { file: 'assets/query-6.js' },
  'src/modes/dashboard/pages/products-page.tsx': { file: 'assets/products-page-7.js', imports: ['_auth-5.js'] },
  [MEMBERS_MODE_KEY]: { file: 'assets/mode-members-8.js', imports: ['_react-3.js', 'index.html', '_forms-9.js'], css: ['assets/members-8.css'] },
  '_forms-9.js': { file: 'assets/forms-9.js', css: ['assets/forms-9.css'] },
};

const preloadOf = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;

describe('modulePreloadLinks', () => {
  it("lists the mode's chunk and its static imports that the shell does not load", () => {
    expect(modulePreloadLinks(MANIFEST, DASHBOARD_MODE_KEY)).toBe(
      [preloadOf('assets/mode-dashboard-4.js'), preloadOf('assets/auth-5.js'), preloadOf('assets/query-6.js')].join(''),
    );
  });

  it("leaves out the mode's lazy pages and everything the shell already loads", () => {
    const links = modulePreloadLinks(MANIFEST, DASHBOARD_MODE_KEY);
    expect(links).not.toContain('products-page');
    expect(links).not.toContain('main-1.js');
    expect(links).not.toContain('react-dom-2.js');
    expect(links).not.toContain('react-3.js');
  });

  it("preloads the stylesheets of the mode's chunks, as styles", () => {
    const links = modulePreloadLinks(MANIFEST, MEMBERS_MODE_KEY);
    expect(links).toBe(
      [preloadOf('assets/mode-members-8.js'), preloadOf('assets/forms-9.js'), '<link rel="preload" as="style" href="/assets/members-8.css">', '<link rel="preload" as="style" href="/assets/forms-9.css">'].join(''),
    );
  });

  it('is empty for a mode the manifest does not know', () => {
    expect(modulePreloadLinks(MANIFEST, 'src/modes/nothing/routes.tsx')).toBe('');
  });
});

describe('the dashboard page preloads its mode', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'shopfront-web-preload-'));
    mkdirSync(join(dist, '.vite'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    t = await createTestApp({ webDistDir: dist, env: testEnv({ PRODUCT_HOSTS: 'shop.example.com,localhost' }) });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/dashboard', '/dashboard/products', '/login'])('GET %s links the dashboard chunks in the head', async (url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { host: 'shop.example.com' } });
    expect(response.statusCode).toBe(200);
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    expect(head).toContain(preloadOf('assets/mode-dashboard-4.js'));
    expect(head).toContain(preloadOf('assets/query-6.js'));
  });

  it("a store's members page links the members chunks, not the dashboard's", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/some-store/members/login', headers: { host: 'shop.example.com' } });
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    expect(head).toContain(preloadOf('assets/mode-members-8.js'));
    expect(head).toContain(preloadOf('assets/forms-9.js'));
    expect(head).toContain('<link rel="preload" as="style" href="/assets/forms-9.css">');
    expect(head).not.toContain('mode-dashboard');
  });

  it('the landing page does not', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'shop.example.com' } });
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('modulepreload');
  });

  it('answers the dashboard page without preloads when the build wrote no manifest', async () => {
    rmSync(join(dist, '.vite'), { recursive: true });
    // A rebuild changes index.html; the page is read again then.
    writeFileSync(join(dist, 'index.html'), INDEX_HTML.replace('<title>Shopfront</title>', '<title>Shopfront </title>'));
    const response = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { host: 'shop.example.com' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Shopfront </title>');
    expect(response.body).not.toContain('modulepreload');
  });
});
