import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { readMailbox, uniqueEmail } from './mailbox.ts';
import { signUpWithStore, type SignedUpCreator } from './signup.ts';

export interface BoughtDownload {
  creator: SignedUpCreator;
  /** The creator's dashboard page (1280 px wide), signed in. */
  owner: Page;
  ownerContext: BrowserContext;
  buyer: { name: string; email: string };
  /** The receipt's order access page. */
  accessUrl: string;
  /** A signed link to the product's one file. */
  fileUrl: string;
  close: () => Promise<void>;
}

/**
 * A creator publishes a digital download with one file at `price`; a visitor buys it with the test
 * card; the receipt's access page gives the file's link. The journey the refund and download specs
 * start from (purchase-journey.spec.ts walks the same steps with screenshots).
 */
export async function buyDownload(
  browser: Browser,
  request: APIRequestContext,
  options: { title: string; price: string; fileName: string; fileBytes: Buffer },
): Promise<BoughtDownload> {
  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const owner = await ownerContext.newPage();
  const creator = await signUpWithStore(owner, request, 'seller');
  await publishDownload(owner, { title: options.title, price: options.price, fileName: options.fileName, fileBytes: options.fileBytes });

  const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const visitor = await visitorContext.newPage();
  await expect
    .poll(
      async () => {
        await visitor.goto(`/${creator.slug}`);
        return visitor.getByRole('link', { name: new RegExp(options.title) }).count();
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  await visitor.getByRole('link', { name: new RegExp(options.title) }).first().click();
  const buyer = { name: 'Rae Buyer', email: uniqueEmail('buyer') };
  await checkOutWithTestCard(visitor, buyer);

  let accessUrl: string | undefined;
  await expect
    .poll(
      async () => {
        const receipt = (await readMailbox(request, buyer.email)).find((message) => /receipt/i.test(message.subject));
        accessUrl = receipt ? /https?:\/\/\S+\/api\/downloads\/[A-Za-z0-9_.-]+/.exec(receipt.text)?.[0] : undefined;
        return accessUrl;
      },
      { message: `a receipt to ${buyer.email}`, timeout: 15_000 },
    )
    .toBeTruthy();
  await visitor.goto(accessUrl!);
  const href = await visitor.getByRole('link', { name: new RegExp(options.fileName) }).first().getAttribute('href');
  expect(href).toBeTruthy();
  const fileUrl = new URL(href!, accessUrl).toString();
  await visitorContext.close();
  return { creator, owner, ownerContext, buyer, accessUrl: accessUrl!, fileUrl, close: () => ownerContext.close() };
}

/** From a new store's empty product list: creates a digital download with one file at `price` and publishes it. */
export async function publishDownload(owner: Page, options: { title: string; price: string; fileName: string; fileBytes: Buffer }): Promise<void> {
  await owner.goto('/dashboard/products');
  await owner.getByRole('link', { name: 'Create your first product' }).click();
  await owner.getByRole('link', { name: /Digital download/ }).click();
  await owner.getByLabel('Title', { exact: true }).fill(options.title);
  await owner.getByLabel(/^Price \(/).fill(options.price);
  await owner.getByRole('button', { name: 'Save draft' }).click();
  await owner.getByTestId('product-file-input').setInputFiles({ name: options.fileName, mimeType: 'application/octet-stream', buffer: options.fileBytes });
  await expect(owner.getByRole('list', { name: 'Files' }).getByText(options.fileName)).toBeVisible({ timeout: 60_000 });
  await owner.getByRole('button', { name: 'Publish' }).click();
  await expect(owner.getByRole('button', { name: 'Unpublish' })).toBeVisible();
}

/** On a product page: fills in the buyer, pays with the test provider's card and waits for the thank-you page. */
export async function checkOutWithTestCard(visitor: Page, buyer: { name: string; email: string }): Promise<void> {
  await visitor.getByLabel('Name', { exact: true }).fill(buyer.name);
  await visitor.getByLabel('Email', { exact: true }).fill(buyer.email);
  await visitor.getByRole('button', { name: /Buy|Pay|Checkout/i }).click();
  await expect(visitor.getByText(/TEST MODE/)).toBeVisible();
  await visitor.getByLabel('Card number').fill('4242 4242 4242 4242');
  await visitor.getByLabel('Expiry (MM/YY)').fill('12/34');
  await visitor.getByLabel('CVC').fill('123');
  const nameOnCard = visitor.getByLabel('Name on card');
  if ((await nameOnCard.count()) > 0) await nameOnCard.fill(buyer.name);
  await visitor.getByRole('button', { name: /^Pay/ }).click();
  await expect(visitor.getByRole('heading', { name: 'Thanks for your purchase!' })).toBeVisible();
}
