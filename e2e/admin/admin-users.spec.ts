import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { runAdminCli } from '../support/admin-cli.ts';
import { createCreator, createStoreOwner, signedInContext } from '../support/creators.ts';
import { E2E_PORT } from '../support/hosts.ts';
import { DESKTOP, expectLayoutAt, PHONE } from '../support/layout.ts';
import { shot, VIEWPORTS } from '../support/screens.ts';
import { signInWith } from '../support/session.ts';
import { totpCode, totpStep } from '../support/totp.ts';

async function newPage(browser: Browser, options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext(options);
  return context.newPage();
}

/** A callable from inside the page (its session cookie), answering status and body. */
async function callFromPage(page: Page, name: string, data: unknown): Promise<{ status: number; body: { error?: { message: string; details?: unknown } } }> {
  return page.evaluate(
    async ({ name, data, origin }) => {
      const response = await fetch(`/fn/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ data }) });
      return { status: response.status, body: await response.json() };
    },
    { name, data, origin: `http://localhost:${E2E_PORT}` },
  );
}

/** Opens a user's detail from the Users tab, found by searching their email. */
async function openUser(admin: Page, email: string) {
  await admin.getByRole('tab', { name: 'Users' }).click();
  await admin.getByLabel('Search by email or name').fill(email);
  await admin.getByRole('button', { name: email, exact: true }).click();
  const detail = admin.getByRole('dialog', { name: email });
  await expect(detail).toBeVisible();
  return detail;
}

/**
 * The admin works on a desktop, each admin screen also checked at a phone's width; the visitor of
 * the unpublished store comes on a phone.
 */
test("the CLI's first admin enrols TOTP, grants a second admin with a reason, and unpublishes a store for abuse", async ({ browser, request }) => {
  test.setTimeout(180_000);
  // 1. The first admin is granted by the CLI, against the e2e server's database.
  const first = await createCreator(request, 'first-admin');
  expect(runAdminCli(['grant', first.email, '--reason', 'first admin'])).toMatch(/is now an admin/);
  const second = await createCreator(request, 'second-admin');

  // 2. They sign in: before TOTP, the admin page only asks them to enrol, and admin writes are refused.
  const admin = await newPage(browser, { viewport: DESKTOP });
  await admin.goto('/login?origin=%2Fdashboard%2Fadmin');
  await signInWith(admin, first.email, first.password);
  await expect(admin).toHaveURL('/dashboard/admin');
  await expect(admin.getByRole('heading', { name: 'Turn on two-step verification first' })).toBeVisible();
  await expect(admin.getByRole('tablist')).toHaveCount(0);
  await shot(admin, 'admin-mfa-required');
  await expectLayoutAt(admin, PHONE, [admin.getByRole('heading', { name: 'Turn on two-step verification first' }), admin.getByRole('link', { name: 'Set up two-step verification' })], 'admin-mfa-required');
  const refused = await callFromPage(admin, 'setUserAdminStatus', { email: second.email, isAdmin: true, reason: 'too early' });
  expect(refused.status).toBe(403);
  expect(refused.body.error?.details).toEqual({ reason: 'mfa-required' });

  // They enrol from the prompt (Settings › Security): this session has now proved TOTP.
  await admin.getByRole('link', { name: 'Set up two-step verification' }).click();
  await expect(admin).toHaveURL(/\/dashboard\/settings/);
  const security = admin.getByRole('region', { name: 'Security' });
  await security.getByRole('button', { name: 'Set up two-step verification' }).click();
  const secret = (await security.getByTestId('totp-secret').textContent()) ?? '';
  await security.getByLabel('Authentication code').fill(totpCode(secret, totpStep()));
  await security.getByRole('button', { name: 'Turn on' }).click();
  await expect(security.getByText('Two-step verification on')).toBeVisible();

  // The admin page: the nav entry, the numbers.
  await admin.goto('/dashboard/admin');
  await expect(admin.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
  await expect(admin.getByText('Creators')).toBeVisible();
  await shot(admin, 'admin-overview');
  await expectLayoutAt(admin, PHONE, [admin.getByRole('tab', { name: 'Overview', selected: true }), admin.getByRole('tab', { name: 'Users' })], 'admin-overview');

  // Grant a second admin, with a reason, after a confirmation.
  const detail = await openUser(admin, second.email);
  await shot(admin, 'admin-user-detail');
  await expectLayoutAt(admin, PHONE, [detail.getByRole('button', { name: 'Make admin…' })], 'admin-user-detail');
  await detail.getByRole('button', { name: 'Make admin…' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Make this user an admin?' });
  await confirm.getByLabel('Reason (kept in the audit log)').fill('Joins the support rota');
  await shot(admin, 'admin-grant-confirm');
  await confirm.getByRole('button', { name: 'Make admin' }).click();
  await expect(confirm).toBeHidden();
  await expect(detail.getByText('Admin', { exact: true })).toBeVisible();
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toBeHidden();
  await shot(admin, 'admin-users');

  // The audit log shows it, newest first.
  await admin.getByRole('tab', { name: 'Audit log' }).click();
  const newest = admin.getByRole('row').nth(1);
  await expect(newest).toContainText('grant-admin');
  await expect(newest).toContainText(second.email);
  await expect(newest).toContainText('Joins the support rota');
  await expect(newest).toContainText(first.email);
  await shot(admin, 'admin-audit-log');
  await expectLayoutAt(admin, PHONE, [newest], 'admin-audit-log');

  // Unpublish a creator's store for abuse: visitors get the offline page (503), the owner the reason.
  const owner = await createStoreOwner(request, 'abuse-owner');
  const ownerPage = await (await signedInContext(browser, owner, { viewport: DESKTOP })).newPage();
  const ownerDetail = await openUser(admin, owner.email);
  await ownerDetail.getByRole('button', { name: 'Unpublish…' }).click();
  const unpublish = admin.getByRole('alertdialog', { name: `Unpublish ${owner.storeName}?` });
  await unpublish.getByLabel('Reason (kept in the audit log)').fill('Reselling courses without rights');
  await unpublish.getByRole('button', { name: 'Unpublish store' }).click();
  await expect(unpublish).toBeHidden();
  await expect(ownerDetail.getByText('Reason: Reselling courses without rights')).toBeVisible();

  const visitor = await newPage(browser, { ...VIEWPORTS[0] });
  const answer = await visitor.goto(`/${owner.slug}`);
  expect(answer?.status()).toBe(503);
  await expect(visitor.getByRole('heading', { name: 'This store is offline' })).toBeVisible();
  await expect(visitor.getByText('Reselling courses')).toHaveCount(0);
  await shot(visitor, 'store-offline');
  await expectLayoutAt(visitor, DESKTOP, [visitor.getByRole('heading', { name: 'This store is offline' })], 'store-offline');
  // The members area (a web-app page) shows the same screen, also with 503.
  const members = await visitor.goto(`/${owner.slug}/members/login`);
  expect(members?.status()).toBe(503);
  await expect(visitor.getByRole('heading', { name: 'This store is offline' })).toBeVisible();
  await expect(visitor.getByText('Reselling courses')).toHaveCount(0);

  await ownerPage.goto('/dashboard');
  await expect(ownerPage.getByRole('region', { name: 'Store offline' })).toContainText('Reason: Reselling courses without rights');
  await shot(ownerPage, 'store-offline-owner-banner');

  // Restored: the store answers again.
  await ownerDetail.getByRole('button', { name: 'Restore…' }).click();
  const restore = admin.getByRole('dialog', { name: `Restore ${owner.storeName}?` });
  await restore.getByLabel('Reason (kept in the audit log)').fill('Rights confirmed');
  await restore.getByRole('button', { name: 'Restore store' }).click();
  await expect(restore).toBeHidden();
  await expect.poll(async () => (await visitor.goto(`/${owner.slug}`))?.status()).toBe(200);
  for (const page of [admin, ownerPage, visitor]) await page.context().close();
  await owner.api.dispose();
});
