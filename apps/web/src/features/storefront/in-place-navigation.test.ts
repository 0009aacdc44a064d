import { describe, expect, it, vi } from 'vitest';
import { createPageLoader, landingOf, pageOf, titleOf } from './in-place-navigation.ts';
import { storefrontData, storefrontProduct, storefrontProductDetail } from '#src/testing/storefront-data.ts';

describe('pageOf', () => {
  it('knows the landing and product pages under the base path, and nothing else', () => {
    expect(pageOf('/cozy-mugs', '/cozy-mugs')).toEqual({ page: 'landing' });
    expect(pageOf('/cozy-mugs/', '/cozy-mugs')).toEqual({ page: 'landing' });
    expect(pageOf('/cozy-mugs/p/glaze-guide', '/cozy-mugs')).toEqual({ page: 'product', productSlug: 'glaze-guide' });
    expect(pageOf('/p/Glaze-Guide?x=1', '')).toEqual({ page: 'product', productSlug: 'glaze-guide' });
    expect(pageOf('/', '')).toEqual({ page: 'landing' });
    expect(pageOf('/cozy-mugs/members/login', '/cozy-mugs')).toBeNull();
    expect(pageOf('/other-shop/p/x', '/cozy-mugs')).toBeNull();
    expect(pageOf('/cozy-mugs/p/a/b', '/cozy-mugs')).toBeNull();
  });
});

describe('createPageLoader', () => {
  const landing = storefrontData({}, { products: [storefrontProduct()] });
  const product = { ...landing, product: storefrontProductDetail() };

  it('loads a product page once from the JSON read (by slug, or by host on a custom domain)', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response(JSON.stringify(product), { status: 200 }));
    const loader = createPageLoader({ basePath: '/cozy-mugs', host: 'shopfront.test', fetchImpl });
    expect(await loader.load('/cozy-mugs/p/glaze-guide', landing)).toEqual(product);
    expect(await loader.load('/cozy-mugs/p/glaze-guide', landing)).toEqual(product);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl.mock.calls[0]).toEqual(['/api/storefront?slug=cozy-mugs&product=glaze-guide', expect.objectContaining({ credentials: 'omit' })]);

    const onHost = vi.fn<typeof fetch>(async () => new Response(JSON.stringify(product), { status: 200 }));
    await createPageLoader({ basePath: '', host: 'shop.example.com', fetchImpl: onHost }).load('/p/glaze-guide', landing);
    expect(onHost.mock.calls[0]?.[0]).toBe('/api/storefront?host=shop.example.com&product=glaze-guide');
  });

  it('derives the landing from any page, and gives up (null) when the product cannot be had', async () => {
    const loader = createPageLoader({ basePath: '/cozy-mugs', host: 'x', fetchImpl: async () => new Response('{}', { status: 404 }) });
    expect(await loader.load('/cozy-mugs', product)).toEqual(landingOf(product));
    expect(landingOf(product)).not.toHaveProperty('product');
    expect(await loader.load('/cozy-mugs/p/missing', landing)).toBeNull();
    expect(await loader.load('/elsewhere', landing)).toBeNull();
    expect(titleOf(product)).toBe('The Glaze Guide · Cozy Mugs Co.');
  });
});
