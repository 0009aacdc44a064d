import { expect, type Locator, type Page } from '@playwright/test';
import { shot } from './screens.ts';

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/**
 * The cheap check of a screen at the width its journey does not run at: the page is resized in
 * place (no second journey), what matters for the layout (the heading, the primary action) is
 * visible, and the page does not scroll sideways. Then the page gets its own size back.
 *
 * The page's width is compared with the width asked for, not with `innerWidth`: a mobile-emulated
 * page zooms out to fit content that is too wide, so its `innerWidth` grows with the overflow.
 * `screenshot`: a name for `shot()` (the whole page), or a function run at that width: it takes its
 * own picture (of the window, where a dialog floats over the page; of one section) and checks what
 * holds only there (a link the other width's navigation shows).
 */
export async function expectLayoutAt(
  page: Page,
  size: { width: number; height: number },
  mustSee: Locator[],
  screenshot?: string | ((page: Page) => Promise<void>),
): Promise<void> {
  const own = page.viewportSize();
  await page.setViewportSize(size);
  try {
    for (const locator of mustSee) await expect(locator).toBeVisible();
    await expectNoSidewaysScroll(page, size.width);
    if (typeof screenshot === 'string') await shot(page, screenshot);
    else if (screenshot) await screenshot(page);
  } finally {
    if (own) await page.setViewportSize(own);
  }
}

/**
 * The page is no wider than `width`; a failure names the first elements that stick out. Retried
 * briefly: what sizes itself with a ResizeObserver (a chart) settles a frame or two after a resize.
 */
export async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  await expect(async () => {
    const overflow = await page.evaluate((limit) => {
      const scrollWidth = document.documentElement.scrollWidth;
      if (scrollWidth <= limit) return { width: scrollWidth, wide: [] };
      const wide = [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > limit + 1)
        .slice(0, 8)
        .map((element) => `${element.tagName.toLowerCase()}.${String(element.getAttribute('class')).slice(0, 80)}`);
      return { width: scrollWidth, wide };
    }, width);
    expect(overflow.width, `${page.url()} scrolls sideways at ${width} px:\n${overflow.wide.join('\n')}`).toBeLessThanOrEqual(width);
  }).toPass({ timeout: 5_000 });
}

/**
 * Opens a screen on a phone and takes its screenshot (with SCREENSHOTS=1): what `open` answers is
 * visible at both widths, and neither scrolls sideways.
 */
export async function shootAtBothWidths(page: Page, name: string, open: () => Promise<Locator>): Promise<void> {
  await page.setViewportSize(PHONE);
  const shown = await open();
  await expect(shown).toBeVisible();
  await expectNoSidewaysScroll(page, PHONE.width);
  await shot(page, name);
  await expectLayoutAt(page, DESKTOP, [shown], name);
}
