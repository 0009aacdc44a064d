import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { E2E_PORT } from '../support/hosts.ts';

/**
 * Shared steps of the website journeys (e2e/website/): the creator's functions called with the
 * browser's own session. (The websiteBuilder flag they need: support/platform-admin.ts.)
 */

/** The `/fn/{name}` answer, as the app's client reads it. */
export async function fnAnswer<T>(api: APIRequestContext, name: string, data: unknown): Promise<{ status: number; result?: T; error?: { status: string; message: string } }> {
  const response = await api.post(`/fn/${name}`, { data: { data }, headers: { Origin: `http://localhost:${E2E_PORT}` } });
  return { status: response.status(), ...((await response.json()) as { result?: T; error?: { status: string; message: string } }) };
}

/** Calls a function with the session of `api` (a signed-in page's `page.request`); fails the test on an error. */
export async function callFn<T>(api: APIRequestContext, name: string, data: unknown): Promise<T> {
  const answer = await fnAnswer<T>(api, name, data);
  expect(answer.error, `${name} failed: ${JSON.stringify(answer.error)}`).toBeUndefined();
  return answer.result as T;
}

/** A published, paid digital download with one file, made as the product editor does. */
export async function createPaidDownload(
  api: APIRequestContext,
  storeId: string,
  fields: { title: string; priceCents: number; subtitle?: string; coverImageUrl?: string | null },
): Promise<{ id: string; slug: string }> {
  return createPublishedProduct(api, storeId, { type: 'digital', priceMode: 'fixed', subtitle: '', coverImageUrl: null, ...fields });
}

export interface WebsitePageSummary {
  id: string;
  slug: string;
  title: string;
  status: 'draft' | 'published' | 'changed';
}

/** Saves `content` (core WebsitePageContent) as the page's draft and publishes it. */
export async function publishPageContent(api: APIRequestContext, storeId: string, pageId: string, content: unknown): Promise<void> {
  await callFn(api, 'saveWebsitePageDraft', { storeId, pageId, content });
  await callFn(api, 'publishWebsitePage', { storeId, pageId });
}

/**
 * Opens `url` until `ready` holds: published pages are cached and evicted through NOTIFY, so the
 * first visit after a publish may still be the cached one.
 */
export async function visitUntil(page: Page, url: string, ready: () => Promise<boolean>, message: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto(url);
        return ready();
      },
      { message, timeout: 15_000 },
    )
    .toBe(true);
}

/**
 * A PNG painted by the browser itself (no image files in the repo, no network): CSS gradients,
 * screenshotted. The website blocks' pictures.
 */
export async function paintPng(browser: Browser, css: string, size = { width: 480, height: 360 }): Promise<Buffer> {
  const page = await browser.newPage({ viewport: size });
  try {
    await page.setContent(`<body style="margin:0"><div id="art" style="width:${size.width}px;height:${size.height}px;${css}"></div></body>`);
    return await page.locator('#art').screenshot({ type: 'png' });
  } finally {
    await page.close();
  }
}

/** Uploads an image through the product-cover route (resized by the server, swept hourly); answers its `/files/…` URL. */
export async function uploadImage(api: APIRequestContext, storeId: string, png: Buffer): Promise<string> {
  const response = await api.post(`/api/stores/${storeId}/images`, { data: png, headers: { 'Content-Type': 'image/png', Origin: `http://localhost:${E2E_PORT}` } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

/** A store made and published through the functions, in `theme`, with nothing on its landing but its name. */
export async function publishThemedStore(api: APIRequestContext, input: { slug: string; name: string; theme: 'mocha-mood' | 'neon-pulse' }): Promise<{ id: string; slug: string }> {
  const store = await callFn<{ id: string; slug: string }>(api, 'createStoreWithTenant', { storeName: input.name, slug: input.slug });
  const profile = {
    name: input.name,
    description: 'Small-batch ceramics from a sunny garage in Portland.',
    avatarUrl: null,
    socialLinks: [],
    links: [],
    theme: input.theme,
    themeOverrides: { colors: {} },
    productLayout: { order: [], hidden: [] },
  };
  await callFn(api, 'saveStoreDraft', { storeId: store.id, profile });
  await callFn(api, 'publishStoreDraft', { storeId: store.id });
  return store;
}

/** A published product of any kind (core ProductFields), given a file when it is a download. */
export async function createPublishedProduct(api: APIRequestContext, storeId: string, fields: Record<string, unknown> & { title: string; type: 'digital' | 'lead-magnet' | 'link' }): Promise<{ id: string; slug: string }> {
  const product = await callFn<{ id: string; slug: string }>(api, 'createProduct', { storeId, descriptionHtml: '<p>Made by hand in a tiny studio.</p>', ...fields });
  if (fields.type !== 'link') {
    const upload = await api.put(`/api/stores/${storeId}/products/${product.id}/files`, {
      data: Buffer.from(`${fields.title} contents`),
      headers: { 'Content-Type': 'application/pdf', 'X-File-Name': encodeURIComponent(`${product.slug}.pdf`), Origin: `http://localhost:${E2E_PORT}` },
    });
    expect(upload.status(), await upload.text()).toBe(201);
  }
  await callFn(api, 'updateProduct', { storeId, productId: product.id, status: 'published' });
  return product;
}
