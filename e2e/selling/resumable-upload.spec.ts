import { randomBytes } from 'node:crypto';
import { expect, test, type Route } from '@playwright/test';
import { createStoreOwner, signedInContext } from '../support/creators.ts';
import { shotAtBothWidths } from '../support/screens.ts';

const UPLOADS = '**/api/uploads/resumable/*';

/**
 * A product file upload in a real browser (tus-js-client against @tus/server): the connection drops
 * during the PATCH and the upload goes on by itself from the server's offset; Cancel asks first;
 * after a reload the section offers the unfinished upload.
 */
test('a product file upload survives a dropped connection, and Cancel asks first', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const creator = await createStoreOwner(request, 'resume');
  const product = await creator.call<{ id: string }>('createProduct', { storeId: creator.storeId, type: 'digital', priceMode: 'fixed', title: 'Field Recordings', priceCents: 900 });
  const owner = await signedInContext(browser, creator, { viewport: { width: 1280, height: 900 } });
  const page = await owner.newPage();
  await page.goto(`/dashboard/products?edit=${product.id}`);
  await expect(page.getByRole('heading', { name: 'Files' })).toBeVisible();

  // 1. The first PATCH loses its connection; the client asks the server where it is and goes on.
  const seen: string[] = [];
  let dropped = false;
  await page.route(UPLOADS, async (route: Route) => {
    const method = route.request().method();
    seen.push(method);
    if (method === 'PATCH' && !dropped) {
      dropped = true;
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  await page.getByTestId('product-file-input').setInputFiles({ name: 'field-recordings.zip', mimeType: 'application/zip', buffer: randomBytes(256 * 1024) });
  await expect(page.getByRole('list', { name: 'Files' }).getByText('field-recordings.zip')).toBeVisible();
  expect(seen).toEqual(['PATCH', 'HEAD', 'PATCH']);
  await page.unroute(UPLOADS);

  // 2. Cancel while bytes are on their way: a confirmation, and "Keep uploading" lets it finish.
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(UPLOADS, async (route: Route) => {
    if (route.request().method() === 'PATCH') await held;
    return route.continue();
  });
  await page.getByTestId('product-file-input').setInputFiles({ name: 'liner-notes.pdf', mimeType: 'application/pdf', buffer: randomBytes(4096) });
  await page.getByRole('button', { name: 'Cancel upload of liner-notes.pdf' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel upload of liner-notes.pdf?' });
  await expect(confirm).toBeVisible();
  await shotAtBothWidths(page, 'upload-cancel-confirm');
  await confirm.getByRole('button', { name: 'Keep uploading' }).click();
  release();
  await expect(page.getByRole('list', { name: 'Files' }).getByText('liner-notes.pdf')).toBeVisible();
  await page.unroute(UPLOADS);

  // 3. An upload this browser left unfinished is offered after a reload (the file must be picked again).
  await page.evaluate(
    ({ storeId, productId }) =>
      localStorage.setItem(
        `tus::shopfront/productFile/${storeId}/${productId}/session-tapes.zip/application/zip/52428800/1::1`,
        JSON.stringify({ size: 52_428_800, metadata: { kind: 'productFile', storeId, parentId: productId, filename: 'session-tapes.zip', filetype: 'application/zip' }, creationTime: new Date().toISOString(), uploadUrl: null, parallelUploadUrls: null }),
      ),
    { storeId: creator.storeId, productId: product.id },
  );
  await page.reload();
  const offer = page.getByRole('region', { name: 'Unfinished uploads' });
  await expect(offer.getByText('session-tapes.zip')).toBeVisible();
  await shotAtBothWidths(page, 'unfinished-uploads');
  await offer.getByRole('button', { name: 'Discard session-tapes.zip' }).click();
  await expect(offer).toBeHidden();
});
