import type { Page } from '@playwright/test';

/** Records the JavaScript files a page downloads, by file name (`mode-storefront-abc123.js`). */
export function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.js')) scripts.push(url.pathname.split('/').pop() ?? url.pathname);
  });
  return scripts;
}
