import { randomBytes } from 'node:crypto';
import { get as httpGet } from 'node:http';
import { expect, test } from '@playwright/test';
import { buyDownload } from '../support/buy-download.ts';
import { saveScreenshot, VIEWPORTS } from '../support/screens.ts';

const FILE_NAME = 'field-recordings.wav';

/** Reads the download over a socket until `stopAfter` bytes arrived, then drops the connection. */
function downloadUntil(url: string, stopAfter: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const request = httpGet(url, (response) => {
      if (response.statusCode !== 200) reject(new Error(`status ${response.statusCode}`));
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        if (received >= stopAfter) {
          request.destroy();
          resolve(Buffer.concat(chunks));
        }
      });
    });
    request.on('error', (error) => {
      if (received < stopAfter) reject(error);
    });
  });
}

/**
 * After a real purchase (the creator also sets a download limit of 5), a 20 MB download is dropped halfway and resumed with Range + If-Range:
 * the two parts are exactly the file. Byte ranges, a stale If-Range and an unsatisfiable range
 * answer as HTTP says.
 */
test('a buyer resumes an interrupted 20 MB download and gets identical bytes', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const fileBytes = randomBytes(20 * 1024 * 1024);
  const bought = await buyDownload(browser, request, { title: 'Field Recordings', price: '9.00', fileName: FILE_NAME, fileBytes });

  // On the product editor, the download limit card saves a limit of 5.
  await bought.owner.goto(`/dashboard/products?edit=${bought.product.id}`);
  const limitCard = bought.owner.getByRole('region', { name: 'Download limit' });
  await limitCard.getByLabel('Downloads per file').fill('5');
  await limitCard.getByRole('button', { name: 'Save limit' }).click();
  await expect(bought.owner.getByText('Each buyer can download each file 5 times.').first()).toBeVisible();
  for (const viewport of VIEWPORTS) {
    await bought.owner.setViewportSize(viewport.viewport);
    await limitCard.scrollIntoViewIfNeeded();
    await saveScreenshot(bought.owner, `download-limit-card-${viewport.viewport.width}.png`);
  }

  const head = await request.head(bought.fileUrl);
  expect(head.status()).toBe(200);
  expect(head.headers()['accept-ranges']).toBe('bytes');
  const etag = head.headers().etag!;
  expect(etag).toMatch(/^"file_[a-z0-9]+-20971520-[0-9a-f]+"$/);

  const first = await downloadUntil(bought.fileUrl, 10 * 1024 * 1024);
  expect(first.length).toBeLessThan(fileBytes.length);
  const rest = await request.get(bought.fileUrl, { headers: { range: `bytes=${first.length}-`, 'if-range': etag } });
  expect(rest.status()).toBe(206);
  expect(rest.headers()['content-range']).toBe(`bytes ${first.length}-${fileBytes.length - 1}/${fileBytes.length}`);
  expect(Buffer.compare(Buffer.concat([first, await rest.body()]), fileBytes)).toBe(0);

  const tail = await request.get(bought.fileUrl, { headers: { range: 'bytes=-1000' } });
  expect(tail.status()).toBe(206);
  expect(Buffer.compare(await tail.body(), fileBytes.subarray(fileBytes.length - 1000))).toBe(0);
  const stale = await request.get(bought.fileUrl, { headers: { range: 'bytes=0-99', 'if-range': '"file_stale-1-0"' } });
  expect(stale.status()).toBe(200);
  expect((await stale.body()).length).toBe(fileBytes.length);
  const beyond = await request.get(bought.fileUrl, { headers: { range: `bytes=${fileBytes.length}-` } });
  expect(beyond.status()).toBe(416);
  expect(beyond.headers()['content-range']).toBe(`bytes */${fileBytes.length}`);

  await bought.close();
});
