import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../support/hosts.ts';
import { signedInCreator } from '../support/creators.ts';
import { shot, VIEWPORTS } from '../support/screens.ts';

const ORIGIN = `http://localhost:${E2E_PORT}`;

/**
 * The campaign email as the editor's preview renders it (the same render a send uses), looked at
 * in a phone and a desktop window; and the dev mailbox with its campaign list.
 */
test('a campaign email with a product card renders for phone and desktop', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const creator = await signedInCreator(request, 'mailer');
  const { api, call } = creator;
  const slug = `mailer-${Date.now().toString(36)}`;
  const store = await call<{ id: string }>('createStoreWithTenant', { storeName: 'Harbour Ceramics', slug });

  // A product cover painted by the browser (no image files, no network).
  const painter = await browser.newPage({ viewport: { width: 480, height: 360 } });
  await painter.setContent('<body style="margin:0"><div id="art" style="width:480px;height:360px;background:linear-gradient(135deg,#f59e0b,#be185d)"></div></body>');
  const png = await painter.locator('#art').screenshot({ type: 'png' });
  await painter.close();
  const upload = await api.post(`/api/stores/${store.id}/images`, { data: png, headers: { 'Content-Type': 'image/png' } });
  expect(upload.status(), await upload.text()).toBe(201);
  const coverImageUrl = ((await upload.json()) as { url: string }).url;
  const product = await call<{ id: string; slug: string }>('createProduct', {
    storeId: store.id,
    type: 'digital',
    title: 'Glaze Recipes Vol. 2',
    priceMode: 'fixed',
    priceCents: 1800,
    coverImageUrl,
  });

  const preview = await call<{ subject: string; html: string; text: string }>('previewEmailCampaign', {
    storeId: store.id,
    fields: {
      subject: 'The spring glaze drop is here',
      previewText: 'Twelve new recipes, tested in our kiln',
      segmentId: null,
      body: [
        { id: 'h1', type: 'heading', text: 'The spring glaze drop' },
        { id: 't1', type: 'text', html: '<p>Hi there,</p><p>We spent the winter testing <strong>twelve new glazes</strong>. Read <a href="https://example.com/blog">the kiln notes</a> first.</p>' },
        { id: 'b1', type: 'button', label: 'See the whole drop', href: 'https://example.com/drop' },
        { id: 'd1', type: 'divider' },
        { id: 'p1', type: 'product', productId: product.id },
      ],
    },
  });
  expect(preview.subject).toBe('The spring glaze drop is here');
  expect(preview.text).toContain(`View ${ORIGIN}/${slug}/p/${product.slug}`);

  for (const { viewport } of VIEWPORTS) {
    const page = await browser.newPage({ viewport });
    await page.setContent(preview.html, { waitUntil: 'load' });
    await expect(page.getByRole('heading', { name: 'The spring glaze drop' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Glaze Recipes Vol. 2' })).toHaveAttribute('href', `${ORIGIN}/${slug}/p/${product.slug}`);
    await expect(page.getByText('$18', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Unsubscribe' })).toHaveAttribute('href', '#');
    await expect(page.getByText('You get this because you opted in at Harbour Ceramics.')).toBeVisible();
    // The cover loaded from the server (an absolute URL in the email).
    expect(await page.locator('img[alt="Glaze Recipes Vol. 2"]').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await shot(page, 'campaign-email');
    await page.close();
  }

  const mailbox = await browser.newPage({ viewport: VIEWPORTS[1].viewport });
  await mailbox.goto('/debug/mailbox');
  await expect(mailbox.getByRole('heading', { name: 'Development mailbox' })).toBeVisible();
  await shot(mailbox, 'debug-mailbox');
  await mailbox.close();
  await api.dispose();
});
