import { expect, test } from '@playwright/test';
import { createStoreOwner, signedInContext } from '../support/creators.ts';
import { uniqueEmail, waitForCode } from '../support/mailbox.ts';
import { buyWithTestCard } from '../support/purchase.ts';
import { shot, shotAtBothWidths, VIEWPORTS } from '../support/screens.ts';

const [PHONE, DESKTOP] = VIEWPORTS;

/**
 * A course from both sides: the creator builds it in the product editor (two sections, the second
 * dripped by 7 days, a lesson with an embedded video) and publishes it; a visitor on a phone plays
 * the free preview lesson from the store's course page; a buyer pays on a phone,
 * creates their members account, finds the course in the members area, opens the lesson from the
 * drawer and marks it complete, then downloads the certificate.
 */
test('a creator builds and publishes a course; a buyer on a phone takes its lesson', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const owner = await createStoreOwner(request, 'courses');

  // 1. The creator: a new course, priced, saved, then its outline.
  const ownerContext = await signedInContext(browser, owner, { viewport: DESKTOP.viewport });
  const page = await ownerContext.newPage();
  await page.goto('/dashboard/products?new');
  await page.getByRole('link', { name: /Course/ }).click();
  await expect(page.getByRole('heading', { name: 'New course' })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill('Pottery basics');
  await page.getByLabel('Price ($)', { exact: true }).fill('49');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/[?&]edit=prd_/);
  const productId = new URL(page.url()).searchParams.get('edit')!;
  const outline = page.getByRole('region', { name: 'Lessons' });
  await expect(outline.getByText(/No sections yet/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();

  for (const title of ['Getting started', 'Throwing']) {
    await outline.getByRole('button', { name: 'Add section' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a section' });
    await dialog.getByLabel('Section title').fill(title);
    await dialog.getByRole('button', { name: 'Add section' }).click();
    await expect(outline.getByRole('heading', { name: title })).toBeVisible();
  }
  await outline.getByRole('button', { name: 'When “Throwing” opens' }).click();
  const drip = page.getByRole('dialog', { name: 'When “Throwing” opens' });
  await drip.getByRole('radio', { name: 'Some days after enrolment' }).check();
  await drip.getByLabel('Number of days').fill('7');
  await drip.getByRole('button', { name: 'Save schedule' }).click();
  await expect(outline.getByText('Opens 7 days after enrolment')).toBeVisible();

  await outline.getByRole('button', { name: 'Add a lesson to “Getting started”' }).click();
  const add = page.getByRole('dialog', { name: 'Add a lesson' });
  await add.getByLabel('Lesson title').fill('Welcome to the studio');
  await add.getByLabel('Embedded video link').fill('https://youtu.be/dQw4w9WgXcQ');
  await add.getByRole('switch', { name: 'Free preview' }).click();
  await add.getByRole('button', { name: 'Add lesson' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit “Welcome to the studio”' });
  await expect(edit.getByRole('heading', { name: 'Video' })).toBeVisible();
  await expect(edit.getByRole('button', { name: 'Upload a video' })).toBeDisabled();
  await shotAtBothWidths(page, 'course-lesson-dialog');
  await edit.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(edit).toBeHidden();
  await expect(outline.getByText('Embedded video')).toBeVisible();
  await shotAtBothWidths(page, 'course-editor');

  await outline.getByRole('switch', { name: 'Certificate of completion' }).click();
  await expect(outline.getByRole('switch', { name: 'Certificate of completion' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published', { exact: true }).first()).toBeVisible();

  // 1b. A visitor on a phone finds the course on the store and plays its free preview lesson there:
  // the course page's extra (its own script, added to course pages only) shows the syllabus.
  const visitorContext = await browser.newContext({ ...PHONE });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/${owner.slug}`);
  await visitor.getByRole('link', { name: /Pottery basics/ }).first().click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Pottery basics' })).toBeVisible();
  await expect(visitor.locator('script[src*="/extra-course-syllabus-"]')).toHaveCount(1);
  await expect(visitor.locator('script[src*="/extra-book-call-"]')).toHaveCount(0);
  const syllabus = visitor.getByRole('region', { name: 'What’s inside' });
  await expect(syllabus.getByText('1 section · 1 lesson')).toBeVisible();
  await expect(syllabus.getByRole('heading', { name: 'Getting started' })).toBeVisible();
  // The section without lessons says nothing to a visitor.
  await expect(syllabus.getByRole('heading', { name: 'Throwing' })).toHaveCount(0);
  await expect(visitor.getByLabel('Email', { exact: true })).toBeVisible();
  await shotAtBothWidths(visitor, 'course-storefront-syllabus');
  await syllabus.getByRole('button', { name: /Welcome to the studio/ }).click();
  const preview = visitor.getByRole('region', { name: 'Free preview: Welcome to the studio' });
  await expect(preview).toBeFocused();
  await expect(preview.locator('iframe[title="Video: Welcome to the studio"]')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  await shotAtBothWidths(visitor, 'course-storefront-preview');
  await preview.getByRole('button', { name: 'Close the preview' }).click();
  await expect(preview).toBeHidden();
  await visitorContext.close();


  // 2. The buyer pays on a phone, then makes their members account with the same email.
  const buyer = { name: 'Pat Potter', email: uniqueEmail('student') };
  // The receipt's link starts the course in the members area (a course has no downloads).
  expect(await buyWithTestCard(request, { storeId: owner.storeId, productId }, buyer)).toMatch(new RegExp(`/${owner.slug}/members/courses/${productId}$`));
  const phoneContext = await browser.newContext({ ...PHONE });
  const phone = await phoneContext.newPage();
  await phone.goto(`/${owner.slug}/members/signup`);
  await phone.getByLabel('Name', { exact: true }).fill(buyer.name);
  await phone.getByLabel('Email', { exact: true }).fill(buyer.email);
  await phone.getByLabel('Password', { exact: true }).fill('student-Password-7');
  await phone.getByLabel('Confirm password').fill('student-Password-7');
  await phone.getByRole('button', { name: 'Continue' }).click();
  const code = await waitForCode(request, buyer.email, { subject: /verification code/i });
  await phone.getByLabel('Verification code').fill(code);
  await phone.getByRole('button', { name: 'Verify and create account' }).click();

  // 3. The members area: the course, its outline (the dripped section locked), the lesson.
  const courses = phone.getByRole('region', { name: 'Your courses' });
  await expect(courses.getByRole('heading', { name: 'Pottery basics' })).toBeVisible();
  await expect(courses.getByText('0 of 1 lesson done · 0%')).toBeVisible();
  await shotAtBothWidths(phone, 'course-members-home');
  await courses.getByRole('link', { name: 'Start Pottery basics' }).click();
  await expect(phone).toHaveURL(new RegExp(`/${owner.slug}/members/courses/${productId}$`));
  await expect(phone.getByRole('heading', { level: 1, name: 'Pottery basics' })).toBeVisible();
  await expect(phone.getByText(/^Opens /).filter({ visible: true })).toHaveCount(1);
  await shotAtBothWidths(phone, 'course-overview');
  await phone.getByRole('link', { name: 'Start the course' }).click();

  await expect(phone.getByRole('heading', { level: 1, name: 'Welcome to the studio' })).toBeVisible();
  await expect(phone.locator('iframe[title="Video: Welcome to the studio"]')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  await phone.getByRole('button', { name: /^Lessons · / }).click();
  const drawer = phone.getByRole('dialog', { name: 'Pottery basics' });
  await expect(drawer.getByRole('link', { name: /Welcome to the studio/ })).toHaveAttribute('aria-current', 'page');
  await shot(phone, 'course-drawer');
  await phone.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await shotAtBothWidths(phone, 'course-lesson');

  await phone.getByRole('button', { name: 'Mark complete' }).click();
  await expect(phone.getByRole('status').filter({ hasText: 'Completed' })).toBeVisible();
  await phone.getByRole('link', { name: 'Pottery basics' }).filter({ visible: true }).click();
  await expect(phone.getByText('1 of 1 lesson done · 100%').filter({ visible: true })).toBeVisible();
  const certificate = phone.getByRole('link', { name: 'Download certificate of completion (PDF)' }).filter({ visible: true });
  const pdf = await phoneContext.request.get(new URL((await certificate.getAttribute('href'))!, phone.url()).toString());
  expect([pdf.status(), pdf.headers()['content-type']]).toEqual([200, 'application/pdf']);
  await shotAtBothWidths(phone, 'course-certificate');

  await phoneContext.close();
  await ownerContext.close();
});
