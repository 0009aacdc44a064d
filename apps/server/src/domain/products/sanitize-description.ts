import sanitizeHtml from 'sanitize-html';

/**
 * SECURITY "creator content … sanitised by a well-known sanitiser": a small set of text tags;
 * links only to http(s) and mailto, always opening a new tab without referrer or opener.
 * No attribute but `href` survives (no style, no on* handlers, no classes).
 */
export const DESCRIPTION_SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'blockquote', 'code', 'pre'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (_tagName, attribs) => ({
      tagName: 'a',
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        rel: 'noopener noreferrer nofollow',
        target: '_blank',
      },
    }),
  },
};

export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, DESCRIPTION_SANITIZE_OPTIONS).trim();
}
