import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createStoreOwner, signedInContext } from '../support/creators.ts';
import { uniqueEmail, waitForCode, waitForMessage } from '../support/mailbox.ts';
import { buyWithTestCard } from '../support/purchase.ts';
import { shotAtBothWidths, VIEWPORTS } from '../support/screens.ts';

const [PHONE, DESKTOP] = VIEWPORTS;
const VIDEO_SECONDS = 45;
const HLS_TYPE = 'application/vnd.apple.mpegurl';

/**
 * A tiny real video (ffmpeg's test pattern, 320×180, no audio track: the AAC encoder would cost
 * CI more time than the rest of the transcode). 45 s, so a position past 90 % is still more than
 * 3 s from the end, where the player resumes rather than starting over.
 */
function makeVideo(): Buffer {
  const folder = mkdtempSync(join(tmpdir(), 'course-video-'));
  try {
    const file = join(folder, 'lesson.mp4');
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=320x180:rate=15:duration=${VIDEO_SECONDS}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file]);
    return readFileSync(file);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Collects the page's CSP violations, and with `forceHlsJs` makes the browser say it cannot play
 * HLS itself (as Firefox and older Chromium do), so the player feeds the video through hls.js and
 * MediaSource (`blob:` media).
 */
async function watchPage(context: BrowserContext, options: { forceHlsJs: boolean }): Promise<Page> {
  await context.addInitScript(
    ({ forceHlsJs, hlsType }) => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
      if (!forceHlsJs) return;
      const canPlayType = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return type === hlsType ? '' : canPlayType.call(this, type);
      };
    },
    { forceHlsJs: options.forceHlsJs, hlsType: HLS_TYPE },
  );
  return context.newPage();
}

/**
 * What the CSP refused, less zod's one probe of whether `Function` may run (it catches the refusal
 * and validates without compiling; `z.config({ jitless: true })` would skip the probe).
 */
const cspViolations = async (page: Page) =>
  (await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).filter((violation) => violation !== 'script-src eval');
const videoTime = (page: Page) => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);

/**
 * A real video from upload to completion, in Debian's Chromium: the creator uploads an
 * ffmpeg-made video to a lesson in the dashboard and watches it become streamable; the
 * buyer plays it on a phone through hls.js (the video's clock advances), seeks past 90 % and the
 * lesson completes; in a new browser context (another device) the video resumes at that position,
 * played by the browser's own HLS; the store's test clock moves 7 days and the dripped section
 * opens, with its "New lessons unlocked" email, and its text lesson's file downloads.
 */
test('a lesson video transcodes, plays over HLS, completes at 90 %, resumes elsewhere, and the drip opens on the clock', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const owner = await createStoreOwner(request, 'course-video');
  const product = await owner.call<{ id: string }>('createProduct', { storeId: owner.storeId, type: 'course', priceMode: 'fixed', title: 'Glazing', priceCents: 2900 });
  const course = { storeId: owner.storeId, productId: product.id };
  await owner.call('createCourseSection', { ...course, title: 'Basics' });
  const outline = await owner.call<{ sections: { id: string }[] }>('createCourseSection', { ...course, title: 'Firing', drip: { kind: 'after-days', days: 7 } });
  const [basics, firing] = outline.sections;
  await owner.call('createCourseLesson', { storeId: owner.storeId, sectionId: basics!.id, title: 'Dipping' });
  // The dripped section's lesson is text with a file (through the lesson files route the dialog uses).
  const firingLesson = await owner.call<{ id: string }>('createCourseLesson', { storeId: owner.storeId, sectionId: firing!.id, title: 'The first firing', bodyHtml: '<p>Load the kiln <strong>loosely</strong>.</p>' });
  const worksheet = await owner.api.put(`/api/stores/${owner.storeId}/courses/lessons/${firingLesson.id}/files`, {
    data: Buffer.from('Cone 06 bisque, then cone 6 glaze.'),
    headers: { 'Content-Type': 'text/plain', 'X-File-Name': encodeURIComponent('firing-schedule.txt') },
  });
  expect(worksheet.status(), await worksheet.text()).toBe(201);
  await owner.call('updateProduct', { storeId: owner.storeId, productId: product.id, status: 'published' });

  // 1. The creator uploads the video in the lesson dialog and sees it made streamable.
  const ownerContext = await signedInContext(browser, owner, { viewport: DESKTOP.viewport });
  const dashboard = await ownerContext.newPage();
  await dashboard.goto(`/dashboard/products?edit=${product.id}`);
  await dashboard.getByRole('button', { name: 'Edit lesson “Dipping”' }).click();
  const dialog = dashboard.getByRole('dialog', { name: 'Edit “Dipping”' });
  const chooser = dashboard.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Upload a video' }).click();
  await (await chooser).setFiles({ name: 'dipping.mp4', mimeType: 'video/mp4', buffer: makeVideo() });
  await expect(dialog.getByRole('progressbar', { name: 'Making the video streamable' }).or(dialog.getByText('Ready to stream · 0:45'))).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: /^Ready to stream · 0:45$/ })).toBeVisible({ timeout: 60_000 });
  await ownerContext.close();

  // 2. The buyer, on a phone, plays the lesson through hls.js.
  const buyer = { name: 'Zoë Ångström', email: uniqueEmail('glazer'), password: 'student-Password-7' };
  await buyWithTestCard(request, course, buyer);
  const phoneContext = await browser.newContext({ ...PHONE });
  const phone = await watchPage(phoneContext, { forceHlsJs: true });
  const hlsChunk = phone.waitForRequest(/\/assets\/hls[^/]*\.js$/);
  await phone.goto(`/${owner.slug}/members/signup`);
  await phone.getByLabel('Name', { exact: true }).fill(buyer.name);
  await phone.getByLabel('Email', { exact: true }).fill(buyer.email);
  await phone.getByLabel('Password', { exact: true }).fill(buyer.password);
  await phone.getByLabel('Confirm password').fill(buyer.password);
  await phone.getByRole('button', { name: 'Continue' }).click();
  await phone.getByLabel('Verification code').fill(await waitForCode(request, buyer.email, { subject: /verification code/i }));
  await phone.getByRole('button', { name: 'Verify and create account' }).click();
  await phone.getByRole('region', { name: 'Your courses' }).getByRole('link', { name: 'Start Glazing' }).click();
  await expect(phone.getByText(/^Opens /).filter({ visible: true }).first()).toBeVisible();
  await expect(phone.getByRole('link', { name: /The first firing/ })).toHaveCount(0);
  await phone.getByRole('link', { name: 'Start the course' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Dipping' })).toBeVisible();
  await hlsChunk;
  const video = phone.getByLabel('Video: Dipping');
  await expect(video).toHaveAttribute('src', /^blob:/);
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect.poll(() => videoTime(phone), { timeout: 20_000 }).toBeGreaterThan(1.5);
  await shotAtBothWidths(phone, 'course-video-playing');

  // Past 90 %: seek to 41.5 s of 45 and pause there; the position report completes the lesson.
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.pause();
    element.currentTime = 41.5;
    await new Promise((resolve) => element.addEventListener('seeked', resolve, { once: true }));
    await element.play();
    element.pause();
  });
  await expect(phone.getByRole('status').filter({ hasText: 'Completed' })).toBeVisible();
  expect(await cspViolations(phone)).toEqual([]);
  await phoneContext.close();

  // 3. Another device: sign in again; the lesson resumes at 41 s, played by Chromium's own HLS.
  const desktopContext = await browser.newContext({ viewport: DESKTOP.viewport });
  const desktop = await watchPage(desktopContext, { forceHlsJs: false });
  await desktop.goto(`/${owner.slug}/members/login`);
  await desktop.getByLabel('Email', { exact: true }).fill(buyer.email);
  await desktop.getByLabel('Password', { exact: true }).fill(buyer.password);
  await desktop.getByRole('button', { name: 'Sign in' }).click();
  await expect(desktop.getByRole('region', { name: 'Your courses' })).toBeVisible();
  await desktop.goto(`/${owner.slug}/members/courses/${product.id}`);
  await desktop.getByRole('link', { name: /^Continue where you left off\s*Dipping · at 0:41$/ }).click();
  await expect(desktop.getByRole('heading', { level: 1, name: 'Dipping' })).toBeVisible();
  await expect(desktop.getByLabel('Video: Dipping')).toHaveAttribute('src', /\/api\/course-media\//);
  await expect.poll(() => videoTime(desktop), { timeout: 20_000 }).toBeGreaterThanOrEqual(40.5);
  expect(await videoTime(desktop)).toBeLessThan(42);
  await expect(desktop.getByRole('status').filter({ hasText: 'Completed' })).toBeVisible();

  // 4. Seven days on the store's test clock: the dripped section opens and its email arrives.
  await owner.call('advanceStoreTestClock', { storeId: owner.storeId, minutes: 7 * 24 * 60 + 1 });
  const email = await waitForMessage(request, buyer.email, /^New lessons unlocked in Glazing$/);
  expect(email.text).toContain('“Firing” in Glazing is now open, with 1 new lesson.');
  await desktop.goto(`/${owner.slug}/members/courses/${product.id}`);
  await expect(desktop.getByText(/^Opens /).filter({ visible: true })).toHaveCount(0);
  await desktop.getByRole('link', { name: /The first firing/ }).first().click();
  await expect(desktop.getByRole('heading', { level: 1, name: 'The first firing' })).toBeVisible();
  await expect(desktop.getByText('Load the kiln loosely.')).toBeVisible();
  const file = desktop.getByRole('link', { name: 'Download firing-schedule.txt' });
  const download = await desktopContext.request.get(new URL((await file.getAttribute('href'))!, desktop.url()).toString());
  expect([download.status(), await download.text()]).toEqual([200, 'Cone 06 bisque, then cone 6 glaze.']);
  expect(await cspViolations(desktop)).toEqual([]);
  await desktopContext.close();
});
