import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createStoreOwner, signedInContext, type StoreOwner } from './creators.ts';
import { uniqueEmail } from './mailbox.ts';
import { cents, createDownload } from './products.ts';
import { buyWithTestCard } from './purchase.ts';

export interface BoughtDownload {
  creator: StoreOwner;
  /** A page (1280 px wide) signed in as the creator, not opened yet. */
  owner: Page;
  ownerContext: BrowserContext;
  product: { id: string; slug: string };
  buyer: { name: string; email: string };
  /** The receipt's order access page. */
  accessUrl: string;
  /** A signed link to the product's one file. */
  fileUrl: string;
  close: () => Promise<void>;
}

/**
 * A creator's published digital download with one file at `price`, and a buyer who paid for it with
 * the test card: both through the functions and the test card form (the product editor and the
 * buyer's pages are purchase-journey.spec.ts's). The receipt's access page gives the file's link.
 * Where the refund, download and campaign journeys start.
 */
export async function buyDownload(
  browser: Browser,
  request: APIRequestContext,
  options: { title: string; price: string; fileName: string; fileBytes: Buffer },
): Promise<BoughtDownload> {
  const creator = await createStoreOwner(request, 'seller');
  const product = await createDownload(creator, { title: options.title, priceCents: cents(options.price), file: { name: options.fileName, bytes: options.fileBytes } });
  const ownerContext = await signedInContext(browser, creator, { viewport: { width: 1280, height: 900 } });
  const owner = await ownerContext.newPage();

  const buyer = { name: 'Rae Buyer', email: uniqueEmail('buyer') };
  const accessUrl = await buyWithTestCard(request, { storeId: creator.storeId, productId: product.id }, buyer);
  const visitor = await browser.newPage();
  await visitor.goto(accessUrl);
  const href = await visitor.getByRole('link', { name: new RegExp(options.fileName) }).first().getAttribute('href');
  expect(href).toBeTruthy();
  const fileUrl = new URL(href!, accessUrl).toString();
  await visitor.close();
  const close = async () => {
    await ownerContext.close();
    await creator.api.dispose();
  };
  return { creator, owner, ownerContext, product, buyer, accessUrl, fileUrl, close };
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
