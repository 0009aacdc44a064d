import { PRODUCT_TYPES, type ProductType } from '@shopfront/core';

/**
 * The editor lives on /dashboard/products itself, named by the query string, so links, the back
 * button and reloads work without new routes: `?new`, `?new=digital`, `?edit=<productId>`.
 */
export const editorSearch = {
  create: (type?: ProductType) => (type ? `?new=${type}` : '?new'),
  edit: (productId: string) => `?edit=${encodeURIComponent(productId)}`,
  list: () => ({ search: '' }),
};

export type EditorView = { view: 'list' } | { view: 'choose-type' } | { view: 'create'; type: ProductType } | { view: 'edit'; productId: string };

/** Which screen the query string asks for. */
export function readEditorView(params: URLSearchParams): EditorView {
  const edit = params.get('edit');
  if (edit) return { view: 'edit', productId: edit };
  const type = params.get('new');
  if (type === null) return { view: 'list' };
  const known = PRODUCT_TYPES.find((candidate) => candidate === type);
  if (known) return { view: 'create', type: known };
  return { view: 'choose-type' };
}
