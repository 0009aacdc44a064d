import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { runAdminCli } from '../support/admin-cli.ts';
import { createCreator, createStoreOwner, signedInContext, signInCreator, type CreatorApi } from '../support/creators.ts';
import { E2E_PORT } from '../support/hosts.ts';
import { DESKTOP, expectLayoutAt, PHONE } from '../support/layout.ts';
import { shot, VIEWPORTS } from '../support/screens.ts';
import { signInWith } from '../support/session.ts';
import { totpCode, totpStep } from '../support/totp.ts';

// Maintenance refuses every signup while it is on: nothing else runs meanwhile.
test.describe.configure({ lock: '-exclusive-' });

const MESSAGE = 'We are upgrading the database. Back within the hour.';

/** Maintenance off, signups allowed and customDomains back to its default, whatever the journey left behind. */
async function restoreDefaults(admin: CreatorApi) {
  await admin.call('setMaintenanceMode', { enabled: false, reason: 'e2e cleanup' });
  await admin.call('setAllowSignups', { allowSignups: true, reason: 'e2e cleanup' });
  await admin.call('setFeatureFlag', { name: 'customDomains', enabled: false, reason: 'e2e cleanup' });
}

/**
 * An admin granted by the CLI signs in and turns on an authenticator app through the functions
 * Settings › Security calls (that screen is identity-mfa's and admin-users'): that session proved
 * TOTP, so admin writes are allowed in it. The browser page shares the session.
 */
async function signedInAdmin(browser: Browser, request: APIRequestContext): Promise<{ api: CreatorApi; page: Page }> {
  const admin = await createCreator(request, 'admin');
  expect(runAdminCli(['grant', admin.email, '--reason', 'e2e admin'])).toMatch(/is now an admin/);
  const api = await signInCreator(admin);
  const { secret } = await api.call<{ secret: string }>('startTotpEnrollment', {});
  await api.call('confirmTotpEnrollment', { code: totpCode(secret, totpStep()) });
  const context = await signedInContext(browser, api, { viewport: DESKTOP });
  return { api, page: await context.newPage() };
}

/**
 * The Signups card: closed with a reason, the landing and /signup say so plainly; then allowed
 * again. The admin on a desktop, the visitor on a phone, each screen also checked at the other width.
 */
async function closeAndReopenSignups(api: CreatorApi, admin: Page, visitor: Page) {
  const status = admin.getByTestId('signups-status');
  await expect(status).toHaveText('Allowed');
  try {
    await admin.getByRole('button', { name: 'Close signups…' }).click();
    const confirm = admin.getByRole('alertdialog', { name: 'Close signups?' });
    await confirm.getByLabel('Reason (kept in the audit log)').fill('e2e: invite-only week');
    await confirm.getByRole('button', { name: 'Close signups' }).click();
    await expect(status).toHaveText('Closed');
    await expect(admin.getByTestId('maintenance-status')).toHaveText('Off');
    await shot(admin, 'admin-signups-closed');
    await expectLayoutAt(admin, PHONE, [status, admin.getByTestId('maintenance-status')], 'admin-signups-closed');
    await visitor.goto('/');
    await expect(visitor.getByTestId('maintenance-notice')).toContainText('New signups are closed for now.');
    await expect(visitor.getByRole('link', { name: 'Start selling' })).toHaveCount(0);
    await shot(visitor, 'signups-closed-landing');
    await expectLayoutAt(visitor, DESKTOP, [visitor.getByTestId('maintenance-notice')], async (wide) => {
      await expect(wide.getByRole('link', { name: 'Start selling' })).toHaveCount(0);
      await shot(wide, 'signups-closed-landing');
    });
    await visitor.goto('/signup');
    await expect(visitor.getByRole('heading', { name: 'Signups are closed' })).toBeVisible();
    await expect(visitor.getByLabel('Store name')).toHaveCount(0);
    await expectLayoutAt(visitor, DESKTOP, [visitor.getByRole('heading', { name: 'Signups are closed' })]);
  } finally {
    // Allowed again whatever happened above: later journeys sign up.
    await api.call('setAllowSignups', { allowSignups: true, reason: 'e2e: signups back' });
  }
  await admin.reload();
  await expect(status).toHaveText('Allowed');
  await visitor.goto('/');
  await expect(visitor.getByRole('link', { name: 'Start selling' })).toBeVisible();
  await expectLayoutAt(visitor, DESKTOP, [visitor.getByRole('link', { name: 'Start selling' })]);
}

/**
 * The admin works on a desktop (each admin screen also checked at a phone's width); visitors come
 * on a phone (their screens also checked at a desktop's).
 */
test('an admin switches maintenance on and off, and turns custom domains on', async ({ browser, request }) => {
  test.setTimeout(180_000);
  // An existing creator with a store, from before maintenance (signed out: they sign in below), and the admin.
  const [creator, { api, page: admin }] = await Promise.all([createStoreOwner(request, 'existing'), signedInAdmin(browser, request)]);
  await creator.api.dispose();
  const creatorContext = await browser.newContext({ viewport: DESKTOP });
  const creatorPage = await creatorContext.newPage();
  try {
    // 3. Maintenance on, with a message and a confirmation.
    await admin.goto('/dashboard/admin?tab=maintenance');
    await expect(admin.getByTestId('maintenance-status')).toHaveText('Off — signups open');
    await admin.getByLabel('Message visitors see').fill(MESSAGE);
    await admin.getByLabel('Reason (optional, kept in the audit log)').fill('database upgrade');
    await admin.getByRole('button', { name: 'Switch maintenance on…' }).click();
    const confirmOn = admin.getByRole('alertdialog', { name: 'Switch maintenance on?' });
    await expect(confirmOn).toBeVisible();
    await shot(admin, 'admin-maintenance-confirm');
    await confirmOn.getByRole('button', { name: 'Switch on' }).click();
    await expect(admin.getByTestId('maintenance-status')).toHaveText('On — signups refused');
    await expect(admin.getByText(/Switched on/)).toBeVisible();
    await shot(admin, 'admin-maintenance-on');
    await expectLayoutAt(admin, PHONE, [admin.getByTestId('maintenance-status'), admin.getByRole('button', { name: 'Switch maintenance off…' })], 'admin-maintenance-on');

    // A new visitor sees the message on the landing page and cannot sign up.
    const visitorContext = await browser.newContext({ ...VIEWPORTS[0] });
    const visitor = await visitorContext.newPage();
    await visitor.goto('/');
    await expect(visitor.getByTestId('maintenance-notice')).toContainText(MESSAGE);
    // Nothing on the landing page invites a signup that would be refused.
    await expect(visitor.getByRole('link', { name: 'Start selling' })).toHaveCount(0);
    await expect(visitor.getByRole('link', { name: 'Create your free store' })).toHaveCount(0);
    await shot(visitor, 'maintenance-landing');
    await expectLayoutAt(visitor, DESKTOP, [visitor.getByTestId('maintenance-notice'), visitor.getByRole('heading', { level: 1 })], async (wide) => {
      await expect(wide.getByRole('link', { name: 'Start selling' })).toHaveCount(0);
      await expect(wide.getByRole('link', { name: 'Create your free store' })).toHaveCount(0);
      await shot(wide, 'maintenance-landing');
    });
    await visitor.goto('/signup');
    await expect(visitor.getByRole('heading', { name: "We'll be right back" })).toBeVisible();
    await expect(visitor.getByText(MESSAGE)).toBeVisible();
    await expect(visitor.getByLabel('Store name')).toHaveCount(0);
    await shot(visitor, 'maintenance-signup');
    await expectLayoutAt(visitor, DESKTOP, [visitor.getByRole('heading', { name: "We'll be right back" }), visitor.getByText(MESSAGE)], 'maintenance-signup');
    // The /signup API answers the same message.
    const refused = await visitorContext.request.post('/fn/sendVerificationCode', {
      data: { data: { email: `newcomer-${Date.now()}@example.com`, type: 'signup' } },
      headers: { Origin: `http://localhost:${E2E_PORT}` },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { message: MESSAGE } });

    // An existing creator still signs in.
    await creatorPage.goto('/login');
    await signInWith(creatorPage, creator.email, creator.password);
    await expect(creatorPage).toHaveURL('/dashboard');

    // Maintenance off: signups open again.
    await admin.getByRole('button', { name: 'Switch maintenance off…' }).click();
    await admin.getByRole('alertdialog', { name: 'Switch maintenance off?' }).getByRole('button', { name: 'Switch off' }).click();
    await expect(admin.getByTestId('maintenance-status')).toHaveText('Off — signups open');
    await visitor.goto('/signup');
    await expect(visitor.getByLabel('Store name')).toBeVisible();

    // Signups closed without maintenance (allowSignups), then allowed again.
    await closeAndReopenSignups(api, admin, visitor);

    // The plan prices table fits the screen.
    await admin.goto('/dashboard/admin?tab=plans');
    await expect(admin.getByRole('table')).toBeVisible();
    await shot(admin, 'admin-plans');
    await expectLayoutAt(admin, PHONE, [admin.getByRole('table')], 'admin-plans');

    // 4. customDomains is off by default: the creator is told so, without the domains form.
    await creatorPage.goto('/dashboard/settings');
    await expect(creatorPage.getByTestId('custom-domains-disabled')).toBeVisible();
    await expect(creatorPage.getByRole('region', { name: 'Domains' }).getByLabel('Your domain')).toHaveCount(0);
    // The admin turns it on, with a reason; the creator sees the domains form.
    await admin.goto('/dashboard/admin?tab=feature-flags');
    const customDomains = admin.getByRole('switch', { name: /Custom domains/ });
    await expect(customDomains).toHaveAttribute('aria-checked', 'false');
    await shot(admin, 'admin-feature-flags');
    await expectLayoutAt(admin, PHONE, [customDomains], 'admin-feature-flags');
    await customDomains.click();
    const dialog = admin.getByRole('dialog', { name: 'Turn Custom domains on?' });
    await dialog.getByLabel('Reason (kept in the audit log)').fill('custom domains launch');
    await shot(admin, 'admin-feature-flag-confirm');
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await expect(customDomains).toHaveAttribute('aria-checked', 'true');

    await creatorPage.reload();
    await expect(creatorPage.getByRole('region', { name: 'Domains' }).getByLabel('Your domain')).toBeVisible();
    await creatorContext.close();
    await visitorContext.close();
    await admin.context().close();
  } finally {
    await restoreDefaults(api);
    await api.api.dispose();
  }
});
