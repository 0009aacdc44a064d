/** What startMembershipCheckout takes and answers (core contract `startMembershipCheckout`). */
export interface StartMembershipInput {
  storeId: string;
  tierId: string;
  interval: 'monthly' | 'yearly';
  email: string;
  name: string;
  marketingConsent?: boolean;
  idempotencyKey: string;
}

/** Sent with every start: automation waits "on the contact's clock" follow the browser's zone. */
const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A refusal the visitor can read: the server's message and its field messages. */
export class JoinRequestError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'JoinRequestError';
  }
}

const OFFLINE = 'We could not reach the store. Check your connection and try again.';
const UNEXPECTED = 'Something went wrong. Please try again.';

/**
 * `POST /fn/startMembershipCheckout`, with the browser's time zone, without the SPA's client: the
 * storefront script carries no zod (decision 010). No cookies: the call is public.
 */
export async function startMembershipRequest(input: StartMembershipInput, fetchImpl: typeof fetch = fetch): Promise<{ checkoutId: string; checkoutUrl: string }> {
  let response: Response;
  let body: unknown;
  try {
    response = await fetchImpl('/fn/startMembershipCheckout', {
      method: 'POST',
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ data: { ...input, timeZone: browserTimeZone() } }),
    });
    body = await response.json().catch(() => null);
  } catch {
    throw new JoinRequestError(OFFLINE);
  }
  const reply = (body ?? {}) as { result?: { checkoutId?: unknown; checkoutUrl?: unknown }; error?: { message?: string; details?: unknown } };
  if (response.ok && typeof reply.result?.checkoutUrl === 'string' && typeof reply.result.checkoutId === 'string') {
    return { checkoutId: reply.result.checkoutId, checkoutUrl: reply.result.checkoutUrl };
  }
  throw new JoinRequestError(reply.error?.message || UNEXPECTED, fieldMessages(reply.error?.details));
}

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
