import { expect, test } from '@playwright/test';
import { createCreator } from '../support/creators.ts';
import { DESKTOP, expectLayoutAt, PHONE } from '../support/layout.ts';
import { shot } from '../support/screens.ts';
import { currentUserIn, signInWith } from '../support/session.ts';
import { totpCode, totpStep } from '../support/totp.ts';

/**
 * TOTP journey: enrol in Settings › Security with the QR code's secret, then sign in through the
 * "multi-factor required" step with a code an authenticator app would show. On a desktop (the
 * dashboard), the enrolment and the code step also checked at a phone's width.
 */
test('a creator turns on two-step verification and signs in with a code', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const creator = await createCreator(request, 'mfa');
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();

  await page.goto('/login?origin=%2Fdashboard%2Fsettings');
  await signInWith(page, creator.email, creator.password);
  await expect(page).toHaveURL('/dashboard/settings');
  const security = page.getByRole('region', { name: 'Security' });
  await expect(security.getByText('Two-step verification off')).toBeVisible();
  await shot(page, 'settings-security');

  await security.getByRole('button', { name: 'Set up two-step verification' }).click();
  const qr = security.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
  const secret = (await security.getByTestId('totp-secret').textContent()) ?? '';
  await shot(page, 'settings-security-enrol');
  await expectLayoutAt(page, PHONE, [qr, security.getByLabel('Authentication code'), security.getByRole('button', { name: 'Turn on' })], 'settings-security-enrol');

  const enrolStep = totpStep();
  await security.getByLabel('Authentication code').fill(totpCode(secret, enrolStep));
  await security.getByRole('button', { name: 'Turn on' }).click();
  await expect(security.getByText('Two-step verification on')).toBeVisible();
  await shot(page, 'settings-security-on');

  // Sign out and in again: the password is no longer enough.
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
  await signInWith(page, creator.email, creator.password);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  expect(await currentUserIn(page)).toBeNull();

  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await shot(page, 'login-mfa');
  await expectLayoutAt(page, PHONE, [page.getByRole('heading', { name: 'Two-step verification' }), page.getByRole('button', { name: 'Verify and sign in' })], 'login-mfa');

  // A code once used is never accepted again: the next step's code (within the ±1 window).
  await page.getByLabel('Authentication code').fill(totpCode(secret, Math.max(totpStep(), enrolStep + 1)));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL('/dashboard');
  expect(await currentUserIn(page)).toMatchObject({ email: creator.email });
  await context.close();
});
