import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { runAdminCli, setFlagWithAdminCli } from '../support/admin-cli.ts';
import { createCreator } from '../support/creators.ts';
import { E2E_PORT } from '../support/hosts.ts';
import { shot, VIEWPORTS } from '../support/screens.ts';
import { signInWith } from '../support/session.ts';
import { signUpWithStore } from '../support/signup.ts';
import { totpCode, totpStep } from '../support/totp.ts';

const MESSAGE = 'We are upgrading the database. Back within the hour.';

/** Maintenance off and customDomains back to its default, whatever the journey left behind. */
function restoreDefaults() {
  runAdminCli(['maintenance', 'off', '--reason', 'e2e cleanup']);
  setFlagWithAdminCli('customDomains', 'off');
}

/**
 * An admin granted by the CLI signs in and turns on an authenticator app (Settings › Security):
 * that session proved TOTP, so admin writes are allowed in it.
 */
async function signedInAdmin(browser: Browser, request: APIRequestContext, size: (typeof VIEWPORTS)[number]): Promise<Page> {
  const admin = await createCreator(request, `admin-${size.name}`);
  expect(runAdminCli(['grant', admin.email, '--reason', 'e2e admin'])).toMatch(/is now an admin/);
  const context = await browser.newContext({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch });
  const page = await context.newPage();
  await page.goto('/login?origin=%2Fdashboard%2Fsettings');
  await signInWith(page, admin.email, admin.password);
  await expect(page).toHaveURL('/dashboard/settings');
  const security = page.getByRole('region', { name: 'Security' });
  await security.getByRole('button', { name: 'Set up two-step verification' }).click();
  const secret = (await security.getByTestId('totp-secret').textContent()) ?? '';
  await security.getByLabel('Authentication code').fill(totpCode(secret, totpStep()));
  await security.getByRole('button', { name: 'Turn on' }).click();
  await expect(security.getByText('Two-step verification on')).toBeVisible();
  return page;
}

/** The Signups card: closed with a reason, the landing and /signup say so plainly; then allowed again. */
async function closeAndReopenSignups(admin: Page, visitor: Page) {
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
    await visitor.goto('/');
    await expect(visitor.getByTestId('maintenance-notice')).toContainText('New signups are closed for now.');
    await expect(visitor.getByRole('link', { name: 'Start selling' })).toHaveCount(0);
    await shot(visitor, 'signups-closed-landing');
    await visitor.goto('/signup');
    await expect(visitor.getByRole('heading', { name: 'Signups are closed' })).toBeVisible();
    await expect(visitor.getByLabel('Store name')).toHaveCount(0);
  } finally {
    // Allowed again whatever happened above: later journeys sign up.
    const reopened = await admin.request.post('/fn/setAllowSignups', {
      data: { data: { allowSignups: true, reason: 'e2e: signups back' } },
      headers: { Origin: `http://localhost:${E2E_PORT}` },
    });
    expect(reopened.status()).toBe(200);
  }
  await admin.reload();
  await expect(status).toHaveText('Allowed');
  await visitor.goto('/');
  await expect(visitor.getByRole('link', { name: 'Start selling' })).toBeVisible();
}

for (const size of VIEWPORTS) {
  test(`an admin switches maintenance on and off, and turns custom domains on (${size.name})`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    restoreDefaults();
    try {
      // An existing creator with a store, from before maintenance.
      const creatorContext = await browser.newContext({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch });
      const creatorPage = await creatorContext.newPage();
      const creator = await signUpWithStore(creatorPage, request, `existing-${size.name}`);
      await creatorContext.clearCookies();

      const admin = await signedInAdmin(browser, request, size);

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

      // A new visitor sees the message on the landing page and cannot sign up.
      const visitorContext = await browser.newContext({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch });
      const visitor = await visitorContext.newPage();
      await visitor.goto('/');
      await expect(visitor.getByTestId('maintenance-notice')).toContainText(MESSAGE);
      // Nothing on the landing page invites a signup that would be refused.
      await expect(visitor.getByRole('link', { name: 'Start selling' })).toHaveCount(0);
      await expect(visitor.getByRole('link', { name: 'Create your free store' })).toHaveCount(0);
      await shot(visitor, 'maintenance-landing');
      await visitor.goto('/signup');
      await expect(visitor.getByRole('heading', { name: "We'll be right back" })).toBeVisible();
      await expect(visitor.getByText(MESSAGE)).toBeVisible();
      await expect(visitor.getByLabel('Store name')).toHaveCount(0);
      await shot(visitor, 'maintenance-signup');
      // The /signup API answers the same message.
      const refused = await visitorContext.request.post('/fn/sendVerificationCode', {
        data: { data: { email: `newcomer-${size.name}-${Date.now()}@example.com`, type: 'signup' } },
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
      await closeAndReopenSignups(admin, visitor);

      // The plan prices table fits the screen.
      await admin.goto('/dashboard/admin?tab=plans');
      await expect(admin.getByRole('table')).toBeVisible();
      await shot(admin, 'admin-plans');

      // 4. customDomains on, with a reason; the creator sees the domains form.
      await creatorPage.goto('/dashboard/settings');
      await expect(creatorPage.getByRole('region', { name: 'Domains' }).getByLabel('Your domain')).toHaveCount(0);
      await admin.goto('/dashboard/admin?tab=feature-flags');
      const customDomains = admin.getByRole('switch', { name: /Custom domains/ });
      await expect(customDomains).toHaveAttribute('aria-checked', 'false');
      await shot(admin, 'admin-feature-flags');
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
      restoreDefaults();
    }
  });
}
