import type { Page } from '@playwright/test';

export const SCREENSHOT_DIR = 'e2e/.artifacts/screenshots';

/** `e2e/.artifacts/screenshots/{name}-{width}.png` (gitignored), for people to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${width}.png`, fullPage: true });
}

export const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;
