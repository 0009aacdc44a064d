import type { StorefrontData } from '@shopfront/core';
import { loadPreviewStorefront } from '#src/domain/storefront/load-preview-storefront.ts';
import { loadPublishedStorefront } from '#src/domain/storefront/load-storefront.ts';
import { identityOf } from '#src/storefront/page-cache.ts';
import { storefrontServiceFor } from '#src/storefront/service-registry.ts';
import { jsonTarget } from '#src/storefront/storefront-target.ts';
import type { Handler } from '../types.ts';

/**
 * Public storefront read (issue 4). Published data comes from the same in-memory cache as the
 * storefront HTML; a preview is read fresh, for the owner only (anyone else: the published store).
 */
export const getStorefront: Handler<'getStorefront'> = async (input, ctx) => {
  const { preview, ...ref } = input;
  const target = jsonTarget(ref, ctx.env.productHosts);
  if (!target) return null;
  const urls = { publicUrl: ctx.env.publicUrl };
  if (preview && ctx.caller?.kind === 'creator') {
    for (const lookup of target.lookups) {
      const draft = await loadPreviewStorefront(ctx.db, { lookup, userId: ctx.caller.userId, ...urls });
      if (draft) return draft;
    }
  }
  const service = storefrontServiceFor(ctx.db);
  if (service) {
    const body = await service.json(target);
    return body ? (JSON.parse(identityOf(body).toString('utf8')) as StorefrontData) : null;
  }
  for (const lookup of target.lookups) {
    const data = await loadPublishedStorefront(ctx.db, lookup, urls);
    if (data) return data;
  }
  return null;
};
