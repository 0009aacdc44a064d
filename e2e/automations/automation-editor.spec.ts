import { expect, test } from '@playwright/test';
import { createStoreOwner, signedInContext } from '../support/creators.ts';
import { shotAtBothWidths, VIEWPORTS } from '../support/screens.ts';

const [, DESKTOP] = VIEWPORTS;
const NEW_SUBJECT = 'The tip that makes the guide work';

/**
 * The automations screens: a creator starts the lead-magnet welcome from its template, changes the
 * second email's subject in place, saves, goes live after the confirmation, and finds it live in
 * the list with its trigger in words.
 */
test('a creator builds a welcome flow from a template, edits an email in place and goes live', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const owner = await createStoreOwner(request, 'automations');
  const context = await signedInContext(browser, owner, { viewport: DESKTOP.viewport });
  const page = await context.newPage();

  // 1. No automations yet: the templates are offered.
  await page.goto('/dashboard/email?tab=automations');
  await expect(page.getByRole('tab', { name: 'Automations', selected: true })).toBeVisible();
  await expect(page.getByText('No automations yet.', { exact: false })).toBeVisible();
  await shotAtBothWidths(page, 'automations-empty');
  await page.getByRole('button', { name: 'Use the Lead magnet welcome template' }).click();

  // 2. The draft: its trigger, then five steps top to bottom.
  await expect(page).toHaveURL(/\/dashboard\/email\/automations\/aut_[0-9a-z]+$/);
  const automationId = /aut_[0-9a-z]+/.exec(page.url())![0];
  await expect(page.getByRole('heading', { name: 'Lead magnet welcome' })).toBeVisible();
  await expect(page.getByText('When someone gets any free product').first()).toBeVisible();
  const steps = page.getByRole('list', { name: 'Steps, in order' }).getByRole('article');
  await expect(steps).toHaveCount(5);
  expect(await steps.evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')))).toEqual([
    'Step 1: Email',
    'Step 2: Wait',
    'Step 3: Email',
    'Step 4: Wait',
    'Step 5: Email',
  ]);

  // 3. The second email's subject, edited on its card, saved.
  const secondEmail = page.getByRole('article', { name: 'Step 3: Email' });
  await expect(secondEmail.getByLabel('Subject')).toHaveValue('The one thing most people miss');
  await secondEmail.getByLabel('Subject').fill(NEW_SUBJECT);
  await expect(page.getByText('You have unsaved changes')).toBeVisible();
  await shotAtBothWidths(page, 'automation-editor');
  // Leaving with unsaved changes asks first, for a link and for Back; staying keeps the edit.
  const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Sales' }).click();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await page.goBack();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(leave).toBeHidden();
  expect(page.url()).toContain(automationId);
  await expect(secondEmail.getByLabel('Subject')).toHaveValue(NEW_SUBJECT);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Automation saved.', { exact: true })).toBeVisible();
  await expect(secondEmail.getByText(`Email “${NEW_SUBJECT}”`)).toBeVisible();

  // 4. Going live asks first, then says edits reach people already in it.
  await page.getByRole('button', { name: 'Go live…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Go live?' });
  await expect(dialog).toContainText('When someone gets any free product, they enter the automation');
  await shotAtBothWidths(page, 'automation-go-live');
  await dialog.getByRole('button', { name: 'Go live' }).click();
  await expect(page.getByText('The automation is live.', { exact: true })).toBeVisible();
  await expect(page.getByText('This automation is live', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause…' })).toBeVisible();

  // 5. The list shows it live; the server has the new subject.
  await page.getByRole('link', { name: '← All automations' }).click();
  const row = page.getByRole('list', { name: 'Automations, newest first' }).getByRole('listitem').filter({ hasText: 'Lead magnet welcome' });
  await expect(row.getByText('Live', { exact: true })).toBeVisible();
  await expect(row.getByText('When someone gets any free product')).toBeVisible();
  await expect(row.getByText('5 steps · 3 emails')).toBeVisible();
  await shotAtBothWidths(page, 'automations-list');
  const stored = await owner.call<{ automation: { status: string; steps: { subject?: string }[] } }>('getAutomation', { storeId: owner.storeId, automationId });
  expect(stored.automation.status).toBe('live');
  expect(stored.automation.steps[2]?.subject).toBe(NEW_SUBJECT);
  await context.close();
});
