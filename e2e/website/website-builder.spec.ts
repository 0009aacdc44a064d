import { expect, test, type Page } from '@playwright/test';
import { runAdminCli } from '../support/admin-cli.ts';
import { shot } from '../support/screens.ts';
import { signUpWithStore } from '../support/signup.ts';

const canvas = (page: Page) => page.frameLocator('#preview-frame');

/**
 * Drags a block (by its type) from Puck's drawer to the bottom of the canvas with the mouse, in steps, the way
 * a person does (Puck's drag and drop listens to pointer events, so a synthetic drop would not do).
 */
async function dragBlock(page: Page, type: string) {
  const item = page.getByTestId(`drawer-item:${type}`);
  // Puck re-renders its drawer while the previous drop settles: retry until the item holds still.
  await expect(async () => item.scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
  const from = await item.boundingBox();
  // The page's own drop zone inside the canvas (its nested Columns zones come later in the DOM).
  const zone = await canvas(page).locator('[data-puck-dropzone]').first().boundingBox();
  if (!from || !zone) throw new Error(`no drawer item ${type} or no drop zone`);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 12, { steps: 4 });
  // Just inside the zone's bottom edge, below the middle of its last block: the block lands last.
  const to = { x: zone.x + zone.width / 2, y: zone.y + zone.height - 3 };
  await page.mouse.move(to.x, to.y, { steps: 25 });
  await page.mouse.move(to.x, to.y + 4, { steps: 2 });
  await page.mouse.up();
}

async function publishAndWait(page: Page, title: string) {
  await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(`“${title}” is live.`).first()).toBeVisible();
}

async function createPage(page: Page, title: string, slug: string) {
  await page.getByRole('button', { name: 'New page' }).click();
  const dialog = page.getByRole('dialog', { name: 'New page' });
  await dialog.getByLabel('Title').fill(title);
  await expect(dialog.getByLabel('Page URL')).toHaveValue(slug);
  await dialog.getByRole('button', { name: 'Create page' }).click();
  await expect(page).toHaveURL(`/dashboard/website-builder/page/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test.describe('website builder', () => {
  test.beforeAll(() => {
    runAdminCli(['flag', 'websiteBuilder', 'on', '--reason', 'e2e website builder']);
  });
  test.afterAll(() => {
    runAdminCli(['flag', 'websiteBuilder', 'off', '--reason', 'e2e cleanup']);
  });

  test('a creator builds a three-page site in Puck by drag and drop and publishes it', async ({ page, request }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    const creator = await signUpWithStore(page, request, 'website');

    await page.getByRole('link', { name: 'Website builder' }).first().click();
    await expect(page).toHaveURL('/dashboard/website-builder');
    const pages = page.getByRole('list', { name: 'Website pages in navigation order' });
    await expect(pages.getByRole('listitem')).toHaveCount(1);
    await expect(pages.getByRole('listitem', { name: 'Home' })).toContainText('Not published');

    // Home: hero, product grid and email signup, dropped onto the canvas.
    await page.getByRole('link', { name: 'Edit “Home”' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(page.getByTestId('drawer-item:Hero')).toBeVisible();
    await dragBlock(page, 'Hero');
    await expect(canvas(page).getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await dragBlock(page, 'ProductGrid');
    await dragBlock(page, 'EmailSignup');
    await expect(canvas(page).getByRole('heading', { name: 'Join the newsletter' })).toBeVisible();
    // Each drop lands last: Puck tags each block with its id, which starts with its type.
    const order = await canvas(page).locator('[data-puck-component]').evaluateAll((els) => els.map((el) => el.getAttribute('data-puck-component')?.split('-')[0]));
    expect(order).toEqual(['Hero', 'ProductGrid', 'EmailSignup']);
    await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 15_000 });
    await shot(page, 'website-editor');
    await publishAndWait(page, 'Home');

    // About, with rich text; FAQ with its questions.
    await page.getByRole('link', { name: 'All pages' }).click();
    await createPage(page, 'About', 'about');
    await dragBlock(page, 'RichText');
    await expect(canvas(page).getByText('Write something here.')).toBeVisible();
    await publishAndWait(page, 'About');

    await page.getByRole('link', { name: 'All pages' }).click();
    await createPage(page, 'FAQ', 'faq');
    await dragBlock(page, 'Faq');
    await expect(canvas(page).getByText('How do I get my download?')).toBeVisible();
    await publishAndWait(page, 'FAQ');

    // The list: three live pages; FAQ moves up in the navigation, announced.
    await page.getByRole('link', { name: 'All pages' }).click();
    await expect(pages.getByRole('listitem')).toHaveCount(3);
    for (const title of ['Home', 'About', 'FAQ']) await expect(pages.getByRole('listitem', { name: title })).toContainText('Published');
    await page.getByRole('button', { name: 'Move “FAQ” up' }).click();
    await expect(page.getByText('“FAQ” moved to position 2 of 3.')).toBeAttached();
    await expect(page.getByRole('button', { name: 'Move “FAQ” up' })).toBeFocused();
    await expect(pages.getByRole('listitem').nth(1)).toHaveAttribute('aria-label', 'FAQ');
    await shot(page, 'website-pages');

    // Preview opens the draft view of the page in a new tab.
    await expect(pages.getByRole('listitem', { name: 'About' }).getByRole('link', { name: /Preview/ })).toHaveAttribute('href', `/${creator.slug}/website/about?preview=true`);

    // Phone width: the list and the editor still fit.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(pages.getByRole('listitem')).toHaveCount(3);
    await shot(page, 'website-pages');
    await page.getByRole('link', { name: 'Edit “Home”' }).click();
    await expect(page.getByTestId('save-status')).toBeVisible();
    await shot(page, 'website-editor');

    // The published site.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/${creator.slug}/website`);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
    await page.goto(`/${creator.slug}/website/faq`);
    await expect(page.getByText('How do I get my download?')).toBeVisible();
  });
});
