import { expect, test } from '@playwright/test';
import { seedStore, uniqueSlug } from '../support/seed.ts';

test.describe('members mode on the platform domain', () => {
  test('a protected members page sends the customer to the members login with the origin', async ({ page, request }) => {
    const store = await seedStore(request, { slug: uniqueSlug('club'), name: 'Book Club' });
    await page.goto(`/${store.slug}/members/orders?page=2`);
    await expect(page).toHaveURL(`/${store.slug}/members/login?origin=%2Forders%3Fpage%3D2`);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('Book Club members')).toBeVisible();
  });

  test('members login and signup link to each other and back to the store', async ({ page, request }) => {
    const store = await seedStore(request, { slug: uniqueSlug('club'), name: 'Book Club' });
    await page.goto(`/${store.slug}/members/login`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(`/${store.slug}/members/signup`);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`/${store.slug}/members/login`);
    await page.getByRole('link', { name: 'Back to Book Club' }).click();
    await expect(page).toHaveURL(`/${store.slug}`);
    await expect(page.locator('html')).toHaveAttribute('data-app-mode', 'storefront');
  });

  test('customer signup checks that the passwords match', async ({ page, request }) => {
    const store = await seedStore(request, { slug: uniqueSlug('club'), name: 'Book Club' });
    await page.goto(`/${store.slug}/members/signup`);
    await page.getByLabel('Name', { exact: true }).fill('Rae Reader');
    await page.getByLabel('Email', { exact: true }).fill('reader@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByLabel('Confirm password').fill('secret2');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
  });
});
