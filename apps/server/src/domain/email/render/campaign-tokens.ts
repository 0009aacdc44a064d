/**
 * Per-recipient slots of a rendered campaign. Each token carries the render's random nonce, so
 * text a creator wrote before the render (a block, a title, a subject) cannot name a slot: only
 * the markup the renderer itself places is ever filled in. Tokens are lower-case letters and
 * digits, which survive HTML attribute escaping and the plain-text conversion untouched.
 */
export interface CampaignTokens {
  nonce: string;
  /** The recipient's unsubscribe URL (an href in HTML, a bare URL in text). */
  unsubscribe: string;
  /** Where the open pixel goes in the HTML (the whole `<img>`, or nothing). */
  pixel: string;
  /** Body link `index` (an href in HTML, a bare URL in text). */
  link: (index: number) => string;
}

/** `sfx{nonce}{u|p|l<index>}z`; the nonce is 20 hex characters. */
export const TOKEN_NONCE_PATTERN = /^[0-9a-f]{20}$/;

/**
 * Every token of the render with this nonce; groups: 1 `u` (unsubscribe), 2 `p` (pixel), 3 the
 * link index. Case-insensitive, in case a conversion changes a token's case.
 */
export function campaignTokenPattern(nonce: string): RegExp {
  if (!TOKEN_NONCE_PATTERN.test(nonce)) throw new Error('campaignTokenPattern: not a rendered campaign template');
  return new RegExp(`sfx${nonce}(?:(u)|(p)|l(\\d+))z`, 'gi');
}

export function campaignTokens(nonce: string): CampaignTokens {
  if (!TOKEN_NONCE_PATTERN.test(nonce)) throw new Error('campaignTokens: the nonce must be 20 hex characters');
  return {
    nonce,
    unsubscribe: `sfx${nonce}uz`,
    pixel: `sfx${nonce}pz`,
    link: (index) => `sfx${nonce}l${index}z`,
  };
}
