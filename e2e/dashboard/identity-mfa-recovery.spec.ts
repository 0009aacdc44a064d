import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { runAdminCli } from '../support/admin-cli.ts';
import { createCreator, signedInCreator } from '../support/creators.ts';
import { DESKTOP, expectLayoutAt, PHONE } from '../support/layout.ts';
import { waitForMessage } from '../support/mailbox.ts';
import { shot } from '../support/screens.ts';
import { currentUserIn, signInWith } from '../support/session.ts';
import { totpCode, totpStep } from '../support/totp.ts';

/**
 * Recovery from a lost phone: the recovery codes shown once at enrolment, "Lost your device?" at
 * the code prompt (each code works once), and the operator's `reset-2fa` for someone who lost both.
 */
async function signOut(page: Page) {
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
}

async function recoverWith(page: Page, email: string, password: string, code: string) {
  await signInWith(page, email, password);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await page.getByRole('button', { name: 'Lost your device?' }).click();
  await page.getByLabel('Recovery code').fill(code);
  await page.getByRole('button', { name: 'Sign in with recovery code' }).click();
}

/** On a desktop (the dashboard), each recovery screen also checked at a phone's width. */
test('a creator saves recovery codes at enrolment and signs in with one, once', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const creator = await createCreator(request, 'mfa-recovery');
  const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  const page = await context.newPage();

  await page.goto('/login?origin=%2Fdashboard%2Fsettings');
  await signInWith(page, creator.email, creator.password);
  const security = page.getByRole('region', { name: 'Security' });
  await security.getByRole('button', { name: 'Set up two-step verification' }).click();
  const secret = (await security.getByTestId('totp-secret').textContent()) ?? '';
  await security.getByLabel('Authentication code').fill(totpCode(secret, totpStep()));
  await security.getByRole('button', { name: 'Turn on' }).click();

  // Shown once, with copy and download, until the creator says they saved them.
  await expect(security.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const codeList = security.getByRole('list', { name: 'Recovery codes' });
  const codes = await codeList.getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
  await shot(page, 'settings-security-recovery-codes');
  await expectLayoutAt(page, PHONE, [codeList, security.getByRole('button', { name: 'Download .txt' })], 'settings-security-recovery-codes');
  const [download] = await Promise.all([page.waitForEvent('download'), security.getByRole('button', { name: 'Download .txt' }).click()]);
  expect(download.suggestedFilename()).toBe('shopfront-recovery-codes.txt');
  const file = await readFile((await download.path()) ?? '', 'utf8');
  for (const code of codes) expect(file).toContain(code);
  const done = security.getByRole('button', { name: 'Done' });
  await expect(done).toBeDisabled();
  await security.getByLabel('I have saved these codes').check();
  await done.click();
  await expect(security.getByTestId('recovery-codes-left')).toHaveText('10 of 10');

  // Lost the phone: the first code signs in, and the owner is told.
  await signOut(page);
  await signInWith(page, creator.email, creator.password);
  await page.getByRole('button', { name: 'Lost your device?' }).click();
  await expect(page.getByLabel('Recovery code')).toBeFocused();
  await shot(page, 'login-mfa-lost-device');
  await expectLayoutAt(page, PHONE, [page.getByLabel('Recovery code'), page.getByRole('button', { name: 'Sign in with recovery code' })], 'login-mfa-lost-device');
  await page.getByLabel('Recovery code').fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Sign in with recovery code' }).click();
  await expect(page).toHaveURL('/dashboard');
  expect(await currentUserIn(page)).toMatchObject({ email: creator.email });
  const mail = await waitForMessage(request, creator.email, /A recovery code was used/);
  expect(mail.text).toContain('You have 9 recovery codes left.');
  expect(mail.text).not.toContain(codes[0] ?? '');

  // The same code a second time is refused; another one still works, and Settings counts them.
  await signOut(page);
  await recoverWith(page, creator.email, creator.password, codes[0] ?? '');
  await expect(page.getByRole('alert')).toHaveText('This recovery code is not valid or has already been used.');
  expect(await currentUserIn(page)).toBeNull();
  await shot(page, 'login-mfa-recovery-refused');
  await expectLayoutAt(page, PHONE, [page.getByRole('alert'), page.getByLabel('Recovery code')], 'login-mfa-recovery-refused');
  await page.getByLabel('Recovery code').fill(codes[1] ?? '');
  await page.getByRole('button', { name: 'Sign in with recovery code' }).click();
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/dashboard/settings');
  const left = page.getByRole('region', { name: 'Security' }).getByTestId('recovery-codes-left');
  await expect(left).toHaveText('8 of 10');
  await page.getByRole('region', { name: 'Security' }).scrollIntoViewIfNeeded();
  await shot(page, 'settings-security-recovery-left');
  await expectLayoutAt(page, PHONE, [left], 'settings-security-recovery-left');
  await context.close();
});

test("an operator resets another creator's second factor with the CLI, and that creator's old session is refused", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const creator = await signedInCreator(request, 'mfa-reset');
  const { secret } = await creator.call<{ secret: string }>('startTotpEnrollment', {});
  const enrolStep = totpStep();
  await creator.call('confirmTotpEnrollment', { code: totpCode(secret, enrolStep) });

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await signInWith(page, creator.email, creator.password);
  await page.getByLabel('Authentication code').fill(totpCode(secret, Math.max(totpStep(), enrolStep + 1)));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL('/dashboard');
  expect(await currentUserIn(page)).toMatchObject({ email: creator.email });

  const printed = runAdminCli(['reset-2fa', creator.email, '--reason', 'lost phone and recovery codes; identity checked by video call']);
  expect(printed).toContain(`${creator.email}: two-step verification and recovery codes removed, every session ended`);

  // Every old session is gone: the browser's and the API client's.
  expect(await currentUserIn(page)).toBeNull();
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  const viaApi = await creator.api.post('/fn/getCurrentUser', { data: { data: {} } });
  expect(await viaApi.json()).toEqual({ result: null });
  expect((await waitForMessage(request, creator.email, /Two-step verification was removed/)).text).toContain('signed you out on every device');

  // The password alone signs in now; the creator sets the factor up again from Settings.
  await signInWith(page, creator.email, creator.password);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('region', { name: 'Security' }).getByText('Two-step verification off')).toBeVisible();
  await context.close();
  await creator.api.dispose();
});
