import type { Locator, Page } from '@playwright/test';

export const SCREENSHOT_DIR = 'e2e/.artifacts/screenshots';
/**
 * Screenshots are for people to look at, not assertions: they are written only when asked for
 * (`SCREENSHOTS=1 npx playwright test …`), so `npm test` spends no time on them.
 */
export const SCREENSHOTS = process.env.SCREENSHOTS === '1';

type ScreenshotOptions = Parameters<Page['screenshot']>[0];

/** `e2e/.artifacts/screenshots/{file}` (gitignored) of a page or one element, when SCREENSHOTS=1. */
export async function saveScreenshot(target: Page | Locator, file: string, options: Omit<ScreenshotOptions, 'path'> = {}): Promise<void> {
  if (!SCREENSHOTS) return;
  await target.screenshot({ ...options, path: `${SCREENSHOT_DIR}/${file}` });
}

/** `e2e/.artifacts/screenshots/{name}-{width}.png`, the whole page, when SCREENSHOTS=1. */
export async function shot(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await saveScreenshot(page, `${name}-${width}.png`, { fullPage: true });
}

export const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;

/** The page at 390 px and at 1280 px, then back at its own size; only when SCREENSHOTS=1 (no resizing otherwise). */
export async function shotAtBothWidths(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  const own = page.viewportSize();
  for (const { viewport } of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await shot(page, name);
  }
  if (own) await page.setViewportSize(own);
}
