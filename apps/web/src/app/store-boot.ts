import { decodeResponse, STORE_BOOT_ELEMENT_ID, type StoreKey, type StoreRef } from '@shopfront/core';
import { lookupStore } from '../features/stores/index.ts';

type FindStore = (key: StoreKey) => Promise<StoreRef | null>;

/**
 * The store lookup for resolvePage: the answers the server put in the document
 * (STORE_BOOT_ELEMENT_ID) first, each used once, then `lookupStore` for any other key. The element
 * is removed on reading, so a later navigation asks the server again.
 */
export function bootedStoreLookup(doc: Document, fallback: FindStore = lookupStore): FindStore {
  const booted = readStoreBoot(doc);
  return async (key) => {
    const id = JSON.stringify(key);
    const answer = booted.get(id);
    if (answer === undefined) return fallback(key);
    booted.delete(id);
    return decodeResponse(200, answer) as StoreRef | null;
  };
}

function readStoreBoot(doc: Document): Map<string, string> {
  const element = doc.getElementById(STORE_BOOT_ELEMENT_ID);
  if (!element) return new Map();
  element.remove();
  try {
    const entries = JSON.parse(element.textContent ?? '[]') as { key: StoreKey; answer: unknown }[];
    return new Map(entries.map(({ key, answer }) => [JSON.stringify(key), JSON.stringify(answer)]));
  } catch {
    return new Map();
  }
}
