import { MEMBERSHIP_POST_LIMITS as L, MEMBERSHIP_POST_MESSAGES as M } from '@shopfront/core';
import sanitizeHtml from 'sanitize-html';
import { fieldError } from '#src/domain/products/product-rules.ts';
import { DESCRIPTION_SANITIZE_OPTIONS as DESCRIPTION } from '#src/domain/products/sanitize-description.ts';

/** An image the store's own upload route made (`POST /api/stores/:storeId/images`): re-encoded WebP under a random name. */
export const storeImagePattern = (storeId: string) => new RegExp(`^/files/${storeId.replace(/[^a-z0-9_]/g, '')}/image-[0-9a-f]{24}\\.webp$`);

const ALT_MAX = 300;

/**
 * SECURITY "creator content … sanitised by a well-known sanitiser": a post's text is a product
 * description (the same tags, links and attributes) plus images. An `<img>` keeps only `src` and
 * `alt`, and only when `src` is an image uploaded to this very store (`/files/<storeId>/image-….webp`,
 * same-origin, so a locked post's images are only ever named in text sent to readers). Another
 * store's image, another site's, a data: or javascript: URL is refused with a clear message rather
 * than silently dropped; at most `imagesPerPost` images.
 */
export function sanitizePostBody(html: string, storeId: string): string {
  const allowed = storeImagePattern(storeId);
  let images = 0;
  let refused = false;
  const clean = sanitizeHtml(html, {
    ...DESCRIPTION,
    allowedTags: [...(DESCRIPTION.allowedTags || []), 'img'],
    allowedAttributes: { ...(DESCRIPTION.allowedAttributes || {}), img: ['src', 'alt'] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    exclusiveFilter: (frame) => {
      if (frame.tag !== 'img') return false;
      const keep = allowed.test(frame.attribs.src ?? '');
      if (keep) images += 1;
      else refused = true;
      return !keep;
    },
    transformTags: {
      ...DESCRIPTION.transformTags,
      img: (_tagName, attribs) => ({ tagName: 'img', attribs: { src: (attribs.src ?? '').trim(), alt: (attribs.alt ?? '').slice(0, ALT_MAX) } }),
    },
  }).trim();
  if (refused) throw fieldError('bodyHtml', M.imageNotUploaded);
  if (images > L.imagesPerPost) throw fieldError('bodyHtml', M.tooManyImages);
  return clean;
}
