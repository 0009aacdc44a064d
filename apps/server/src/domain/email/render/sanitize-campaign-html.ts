import sanitizeHtml from 'sanitize-html';
import { sanitizeDescription } from '#src/domain/products/sanitize-description.ts';

/**
 * A text block's HTML for an email: first the product description policy (the same small tag set,
 * links only to http(s) and mailto), then each http(s) link's href is swapped for the token
 * `linkToken(href)` returns, so the sender can point it at a tracked click URL per recipient.
 * mailto links stay as they are.
 */
export function sanitizeCampaignHtml(html: string, linkToken: (href: string) => string): string {
  const clean = sanitizeDescription(html);
  return sanitizeHtml(clean, {
    // The description policy's tags and attributes again (the input already has no others):
    // this pass only rewrites hrefs.
    allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'blockquote', 'code', 'pre'],
    allowedAttributes: { a: ['href', 'rel', 'target'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href;
        if (!href || !/^https?:\/\//i.test(href)) return { tagName, attribs };
        return { tagName, attribs: { ...attribs, href: linkToken(href) } };
      },
    },
  });
}
