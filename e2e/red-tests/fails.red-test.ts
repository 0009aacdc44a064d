// Red on purpose: scripts/red-tests.mjs proves Playwright exits non-zero on it, with the suite's
// own configuration (the built server started as its web server, Debian's Chromium).
import { expect, test } from '@playwright/test';

test('is red on purpose: the server is ready, not missing', async ({ page }) => {
  const response = await page.goto('/readyz');
  expect(response?.status()).toBe(404);
});
