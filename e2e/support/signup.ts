import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { SUBJECTS, uniqueEmail, waitForCode } from './mailbox.ts';

export interface SignedUpCreator {
  email: string;
  password: string;
  storeName: string;
  slug: string;
}

/** A new creator signs up through /signup with a store, and lands on /dashboard. */
export async function signUpWithStore(page: Page, request: APIRequestContext, prefix: string): Promise<SignedUpCreator> {
  const suffix = Date.now().toString(36).slice(-5);
  const creator = { email: uniqueEmail(prefix), password: 'store-Password-1', storeName: `Maple Studio ${suffix}`, slug: '' };
  // The success screen moves on by itself after two seconds (spec §9): its clock is moved forward instead.
  await page.clock.install();
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Maya');
  await page.getByLabel('Last name').fill('Rivers');
  await page.getByLabel('Store name').fill(creator.storeName);
  await expect(page.getByText('This store URL is available')).toBeVisible();
  creator.slug = ((await page.getByTestId('store-url-slug').textContent()) ?? '').trim();
  await page.getByLabel('Email').fill(creator.email);
  await page.getByLabel('Password', { exact: true }).fill(creator.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  const code = await waitForCode(request, creator.email, { subject: SUBJECTS.signupCode });
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify and create account' }).click();
  await expect(page.getByRole('heading', { name: "You're all set" })).toBeVisible();
  await page.clock.fastForward(5_000);
  await expect(page).toHaveURL('/dashboard');
  return creator;
}
