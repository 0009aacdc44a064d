/** What createCheckout answers (core contract `createCheckout`). */
export interface CreatedCheckout {
  checkoutId: string;
  checkoutUrl: string;
  orderId?: string;
}

export interface CreateCheckoutInput {
  storeId: string;
  productId: string;
  name: string;
  email: string;
  amount?: number;
  idempotencyKey: string;
  marketingConsent?: boolean;
  discountCode?: string;
  /** The buyer ticked the product's order bump. */
  orderBump?: boolean;
  /** Pay in the product's monthly instalments: the first now (no discount code or bump then). */
  paymentPlan?: boolean;
  /** A call: the start chosen, the buyer's zone and the intake answers (core `CheckoutBookingSchema`). */
  booking?: CheckoutBookingInput;
  /** The session's affiliate referral (`pending_referral`) and the browser fingerprint; loose, never blocking. */
  referralCode?: string;
  fingerprint?: string;
  /** The browser's IANA zone: automation waits "on the contact's clock" follow it; a bad one is dropped. */
  timeZone?: string;
}

/** A call's booking as createCheckout takes it: an ISO start, an IANA zone, answers by question id. */
export interface CheckoutBookingInput {
  start: string;
  timeZone: string;
  answers: Record<string, string>;
}

/** What previewDiscount answers: the price before and after the code, in minor units. */
export interface DiscountPreview {
  code: string;
  priceCents: number;
  discountedCents: number;
  currency: string;
}

/** A refusal the buyer can read: the server's message, and its field messages when it sent them. */
export class CheckoutRequestError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'CheckoutRequestError';
  }
}

const OFFLINE = 'We could not reach the store. Check your connection and try again.';
const UNEXPECTED = 'Something went wrong. Please try again.';

/**
 * `POST /fn/{name}` (spec §7 callable protocol) without the SPA's client: the storefront script
 * carries no zod (decision 010). No cookies are sent — these calls are public — so a buyer's
 * sessions never ride along and no Origin check applies on custom domains.
 */
async function callPublicFunction<T>(name: string, data: unknown, isResult: (result: unknown) => boolean, fetchImpl: typeof fetch): Promise<T> {
  let response: Response;
  let body: unknown;
  try {
    response = await fetchImpl(`/fn/${name}`, {
      method: 'POST',
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ data }),
    });
    body = await response.json().catch(() => null);
  } catch {
    throw new CheckoutRequestError(OFFLINE);
  }
  const reply = (body ?? {}) as { result?: unknown; error?: { message?: string; details?: unknown } };
  if (response.ok && reply.result && isResult(reply.result)) return reply.result as T;
  throw new CheckoutRequestError(reply.error?.message || UNEXPECTED, fieldMessages(reply.error?.details));
}

export function createCheckoutRequest(input: CreateCheckoutInput, fetchImpl: typeof fetch = fetch): Promise<CreatedCheckout> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return callPublicFunction('createCheckout', { ...input, timeZone }, (result) => typeof (result as CreatedCheckout).checkoutUrl === 'string', fetchImpl);
}

/** The checkout form's "Apply": the server checks the code; nothing is held until createCheckout. */
export function previewDiscountRequest(
  input: { storeId: string; productId: string; code: string },
  fetchImpl: typeof fetch = fetch,
): Promise<DiscountPreview> {
  return callPublicFunction('previewDiscount', input, (result) => typeof (result as DiscountPreview).discountedCents === 'number', fetchImpl);
}

/** The first message per field of a refused input (`details.fieldErrors`, zod's flattened error). */
function fieldMessages(details: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  const fieldErrors = (details as { fieldErrors?: unknown } | null)?.fieldErrors;
  if (!fieldErrors || typeof fieldErrors !== 'object') return fields;
  for (const [field, messages] of Object.entries(fieldErrors as Record<string, unknown>)) {
    const first = Array.isArray(messages) ? messages[0] : undefined;
    if (typeof first === 'string') fields[field] = first;
  }
  return fields;
}
