import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { waitForCode } from './mailbox.ts';

/**
 * From a membership's product page: picks the tier, joins on the test provider's card page with
 * 4242…, then creates the member's account (the code from the mailbox) and lands signed in.
 */
export async function joinAndSignUp(page: Page, request: APIRequestContext, options: { storeSlug: string; productSlug: string; tierName: string; member: { name: string; email: string } }) {
  const { member } = options;
  await page.goto(`/${options.storeSlug}/p/${options.productSlug}`);
  await page.getByRole('radio', { name: new RegExp(options.tierName) }).check();
  await page.getByLabel('Name', { exact: true }).fill(member.name);
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByRole('button', { name: `Join ${options.tierName}` }).click();
  await expect(page).toHaveURL(/\/api\/memberships\/test-checkout\//);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill(member.name);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(new RegExp(`/${options.storeSlug}/members/signup`));
  await page.getByLabel('Name', { exact: true }).fill(member.name);
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill('member-Password-7');
  await page.getByLabel('Confirm password').fill('member-Password-7');
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = await waitForCode(request, member.email, { subject: /verification code/i });
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify and create account' }).click();
  await expect(page.getByRole('navigation', { name: 'Members area' })).toBeVisible();
}
