import type { StorefrontData } from '@shopfront/core';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductCheckoutProps } from '#src/features/storefront/components/product-detail.tsx';
import { STOREFRONT_DOM } from '#src/features/storefront/dom-ids.ts';
import { renderStorefrontPage } from '#src/ssr/storefront-render.tsx';
import { storefrontData, storefrontProduct, storefrontProductDetail } from '#src/testing/storefront-data.ts';
import { StorefrontPage } from '../storefront-page.tsx';
import { EXTRA_ATTRIBUTE, storefrontExtraOf, type StorefrontExtra } from './extras.ts';
import { mountExtra } from './mount-extra.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

const pageOf = (type: 'call' | 'course' | 'digital') => storefrontData({}, { products: [storefrontProduct()], product: storefrontProductDetail({ id: `prd_${type}`, type }) });

/** The server's page in the document, hydrated by the page's root; what React said, and the root. */
async function serveAndHydrate(data: StorefrontData): Promise<{ said: string[]; root: Root }> {
  document.body.innerHTML = renderStorefrontPage(data, { basePath: '/cozy-mugs' }).html;
  const said: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void said.push(args.map(String).join(' ')));
  let root!: Root;
  await act(async () => {
    root = hydrateRoot(document.getElementById(STOREFRONT_DOM.rootId)!, <StorefrontPage data={data} basePath="/cozy-mugs" />, { onRecoverableError: (error) => void said.push(String(error)) });
  });
  return { said, root };
}

const slot = (name: StorefrontExtra) => document.querySelector<HTMLElement>(`[${EXTRA_ATTRIBUTE}="${name}"]`);

function Probe({ storeId, product, basePath }: ProductCheckoutProps) {
  return <p>{`extra for ${product.id} of ${storeId} at ${basePath}`}</p>;
}

describe('which pages have an extra', () => {
  it('gives a call its booking form, a course its syllabus, and every other page none', () => {
    expect(storefrontExtraOf(pageOf('call'))).toBe('book-call');
    expect(storefrontExtraOf(pageOf('course'))).toBe('course-syllabus');
    expect(storefrontExtraOf(pageOf('digital'))).toBeNull();
    expect(storefrontExtraOf({ product: null })).toBeNull();
  });
});

describe('an extra on its server-rendered page', () => {
  it('a call’s page shows the booking form’s loading words, hydrates without a mismatch, and the extra mounts into its slot', async () => {
    const data = pageOf('call');
    const { said, root } = await serveAndHydrate(data);
    expect(said).toEqual([]);
    expect(slot('book-call')).toHaveTextContent('Choose a timeLoading times…');
    // Nothing else buys on a call's page before its extra runs.
    expect(document.querySelector('form')).toBeNull();

    await act(async () => mountExtra('book-call', Probe));
    expect(slot('book-call')).toHaveTextContent(`extra for prd_call of ${data.store.id} at /cozy-mugs`);

    // The page's root renders again (a live preview, say): it leaves the extra's content alone.
    await act(async () => root.render(<StorefrontPage data={{ ...data }} basePath="/cozy-mugs" />));
    expect(slot('book-call')).toHaveTextContent('extra for prd_call');
    expect(said).toEqual([]);
  });

  it('a course’s page has its checkout form now and the syllabus slot under it; the extra mounts there', async () => {
    const { said } = await serveAndHydrate(pageOf('course'));
    expect(said).toEqual([]);
    const form = document.querySelector('form')!;
    expect(form).not.toBeNull();
    expect(slot('course-syllabus')).toHaveTextContent('Loading the lessons…');
    expect(form.compareDocumentPosition(slot('course-syllabus')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await act(async () => mountExtra('course-syllabus', Probe));
    expect(slot('course-syllabus')).toHaveTextContent('extra for prd_course');
  });

  it('mounts nothing on a page without its slot', async () => {
    await serveAndHydrate(pageOf('digital'));
    expect(document.querySelector(`[${EXTRA_ATTRIBUTE}]`)).toBeNull();
    await act(async () => mountExtra('book-call', Probe));
    expect(document.body).not.toHaveTextContent('extra for');
  });

  it('renders the extra’s own component instead of its slot where the page may import it (the SPA)', async () => {
    document.body.innerHTML = '<div id="spa"></div>';
    const { createRoot } = await import('react-dom/client');
    await act(async () => createRoot(document.getElementById('spa')!).render(<StorefrontPage data={pageOf('call')} basePath="/cozy-mugs" extras={{ 'book-call': Probe }} />));
    expect(document.body).toHaveTextContent('extra for prd_call');
    expect(slot('book-call')).toBeNull();
  });
});
