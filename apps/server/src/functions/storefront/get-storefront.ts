import { AppError, STORE_OFFLINE_MESSAGES, type StorefrontData } from '@shopfront/core';
import { identityOf } from '#src/storefront/page-cache.ts';
import { jsonTarget } from '#src/storefront/storefront-target.ts';
import type { Handler } from '../types.ts';

/**
 * Public storefront read. Published data comes from the same in-memory cache as the storefront
 * HTML; a preview is read fresh, for the owner only (anyone else: the published store).
 */
export const getStorefront: Handler<'getStorefront'> = async (input, ctx) => {
  const { preview, ...ref } = input;
  const target = jsonTarget(ref, ctx.env.productHosts);
  if (!target) return null;
  if (preview && ctx.caller?.kind === 'creator') {
    const draft = await ctx.storefront.previewData(target.storeKeys, ctx.caller.userId);
    if (draft) return draft;
  }
  const body = await ctx.storefront.json(target);
  if (body) return JSON.parse(identityOf(body).toString('utf8')) as StorefrontData;
  // An offline store is not a missing one: visitors get "This store is offline", never why.
  if (await ctx.storefront.isOffline(target)) throw new AppError('unavailable', STORE_OFFLINE_MESSAGES.error);
  return null;
};
