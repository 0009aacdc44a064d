import { z } from 'zod';
import { MESSAGES } from '../messages.ts';

/**
 * SECURITY "Content": text never carries NUL or another C0 control character (nor DEL), and never
 * a lone UTF-16 surrogate. PostgreSQL refuses NUL, headers refuse controls, and a lone surrogate
 * would be silently replaced on the way to the database. Multi-line text (descriptions, notes)
 * keeps tab and newline (CR too, as in CRLF).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F]|\p{Cs}/u;
// eslint-disable-next-line no-control-regex -- as above
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|\p{Cs}/u;

export function isSafeSingleLineText(value: string): boolean {
  return !SINGLE_LINE_FORBIDDEN.test(value);
}

/** Also the callable boundary's backstop, which cannot know which fields are multi-line. */
export function isSafeMultiLineText(value: string): boolean {
  return !MULTI_LINE_FORBIDDEN.test(value);
}

const invalid = { error: MESSAGES.generic.invalidArgument, abort: true } as const;

/** The checks themselves, for schemas that trim or normalise first (`.trim().check(singleLine)`). */
export const singleLine = z.refine<string>(isSafeSingleLineText, invalid);
export const multiLine = z.refine<string>(isSafeMultiLineText, invalid);

/** A one-line string (names, titles, slugs, URLs, tokens). Chain `.trim()`, `.max()`… after it. */
export function singleLineText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).check(singleLine);
}

/** Text that may span lines: descriptions, notes, bios. */
export function multiLineText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).check(multiLine);
}

/** `apps/server/src/db/ids.ts` makes every id: `${prefix}_` + 20 characters of [0-9a-z]. */
export const ID_SUFFIX_LENGTH = 20;
export const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** The prefix of each entity's ids. */
export const ID_PREFIXES = Object.freeze({
  store: 'store',
  tenant: 'tnt',
  product: 'prd',
  productFile: 'file',
  checkout: 'chk',
  order: 'ord',
  customer: 'cus',
  user: 'usr',
  discount: 'dsc',
  emailCampaign: 'cmp',
  emailSegment: 'seg',
  emailRecipient: 'rcp',
  websitePage: 'page',
  websitePageVersion: 'pgv',
  affiliate: 'aff',
  affiliateInvite: 'afi',
  affiliateSignup: 'afs',
  affiliateCommission: 'afc',
  affiliatePayout: 'afp',
} as const);
export type IdPrefix = (typeof ID_PREFIXES)[keyof typeof ID_PREFIXES];

export function idPattern(prefix?: string): RegExp {
  return new RegExp(`^${prefix ?? '[a-z]{1,10}'}_[0-9a-z]{${ID_SUFFIX_LENGTH}}$`);
}

/** One pattern per prefix (no `g` flag, so `test` keeps no state): every call resolving its caller checks an id. */
const wellFormedIds = new Map<string, RegExp>();

export function isWellFormedId(value: unknown, prefix?: string): value is string {
  if (typeof value !== 'string') return false;
  const key = prefix ?? '';
  let pattern = wellFormedIds.get(key);
  if (!pattern) wellFormedIds.set(key, (pattern = idPattern(prefix)));
  return pattern.test(value);
}

/**
 * An id of the given entity (any prefix when none is given). A malformed id is refused with the
 * spec §8 invalid-argument message and never reaches the database, a header or a log line.
 */
export function idSchema(prefix?: IdPrefix) {
  return z.string({ error: MESSAGES.generic.invalidArgument }).regex(idPattern(prefix), { error: MESSAGES.generic.invalidArgument });
}

export const StoreIdSchema = idSchema(ID_PREFIXES.store);
export const TenantIdSchema = idSchema(ID_PREFIXES.tenant);
export const ProductIdSchema = idSchema(ID_PREFIXES.product);
export const ProductFileIdSchema = idSchema(ID_PREFIXES.productFile);
export const CheckoutIdSchema = idSchema(ID_PREFIXES.checkout);
export const OrderIdSchema = idSchema(ID_PREFIXES.order);
export const CustomerIdSchema = idSchema(ID_PREFIXES.customer);
export const EmailCampaignIdSchema = idSchema(ID_PREFIXES.emailCampaign);
export const EmailSegmentIdSchema = idSchema(ID_PREFIXES.emailSegment);
export const WebsitePageIdSchema = idSchema(ID_PREFIXES.websitePage);
export const WebsitePageVersionIdSchema = idSchema(ID_PREFIXES.websitePageVersion);
export const AffiliateIdSchema = idSchema(ID_PREFIXES.affiliate);
export const AffiliateInviteIdSchema = idSchema(ID_PREFIXES.affiliateInvite);
