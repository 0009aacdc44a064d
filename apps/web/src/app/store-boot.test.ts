import { STORE_BOOT_ELEMENT_ID, type StoreKey, type StoreRef } from '@shopfront/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootedStoreLookup } from './store-boot.ts';

const shop: StoreRef = { storeId: 'store_1', slug: 'cool-shop', name: 'Cool </script> Shop', customDomain: null, isBioDomain: false, offline: false };
const bySlug = (slug: string): StoreKey => ({ by: 'slug', slug });

/** Puts the element a store page carries into the document, as the server writes it. */
function bootDocument(entries: unknown): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = STORE_BOOT_ELEMENT_ID;
  element.textContent = typeof entries === 'string' ? entries : JSON.stringify(entries).replace(/</g, '\\u003c');
  document.head.append(element);
}

afterEach(() => document.getElementById(STORE_BOOT_ELEMENT_ID)?.remove());

describe('bootedStoreLookup', () => {
  it("answers the document's lookups without asking the server, once each", async () => {
    bootDocument([
      { key: bySlug('cool-shop'), answer: { result: shop } },
      { key: bySlug('gone'), answer: { result: null } },
    ]);
    const fallback = vi.fn(async () => null);
    const find = bootedStoreLookup(document, fallback);
    expect(document.getElementById(STORE_BOOT_ELEMENT_ID)).toBeNull();
    await expect(find(bySlug('cool-shop'))).resolves.toEqual(shop);
    await expect(find(bySlug('gone'))).resolves.toBeNull();
    expect(fallback).not.toHaveBeenCalled();
    // A second lookup of the same key (a later navigation) asks the server.
    await find(bySlug('cool-shop'));
    expect(fallback).toHaveBeenCalledWith(bySlug('cool-shop'));
  });

  it('asks the server for a key the document does not hold, and when there is no element', async () => {
    bootDocument([{ key: bySlug('cool-shop'), answer: { result: shop } }]);
    const fallback = vi.fn(async () => shop);
    await bootedStoreLookup(document, fallback)({ by: 'customDomain', domain: 'cool.example' });
    expect(fallback).toHaveBeenCalledWith({ by: 'customDomain', domain: 'cool.example' });
    const none = vi.fn(async () => null);
    await bootedStoreLookup(document, none)(bySlug('cool-shop'));
    expect(none).toHaveBeenCalledTimes(1);
  });

  it('falls back to the server when the element is not valid JSON', async () => {
    bootDocument('{not json');
    const fallback = vi.fn(async () => shop);
    await expect(bootedStoreLookup(document, fallback)(bySlug('cool-shop'))).resolves.toEqual(shop);
  });
});
