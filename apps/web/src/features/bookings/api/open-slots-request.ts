// The storefront's getOpenSlots: plain fetch and hand-checked answers, as the checkout's requests
// (features/checkout/create-checkout-request.ts): the storefront script carries no zod (decision 010).

/** One intake question of the call, as getOpenSlots answers it. */
export interface CallQuestion {
  id: string;
  label: string;
  kind: 'short-text' | 'long-text';
  required: boolean;
}

/** What the booking page needs from getOpenSlots: the open starts and the call's facts. */
export interface OpenSlots {
  starts: string[];
  durationMinutes: number;
  locationKind: 'video-url' | 'per-booking-link' | 'phone' | 'in-person';
  intakeQuestions: CallQuestion[];
  packageSize: number;
}

const OFFLINE = 'We could not reach the store. Check your connection and try again.';
const UNEXPECTED = 'The times could not load. Please try again.';

interface Answer {
  days?: { slots?: { startsAt?: unknown }[] }[];
  durationMinutes?: unknown;
  locationKind?: OpenSlots['locationKind'];
  intakeQuestions?: CallQuestion[];
  packageSize?: unknown;
}

/** POST `/fn/getOpenSlots` without cookies (a public read). */
export async function openSlotsRequest(
  input: { storeId: string; productId: string; timeZone: string; from: string; to: string },
  signal?: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<OpenSlots> {
  let response: Response;
  let body: { result?: Answer; error?: { message?: string } } | null;
  try {
    response = await fetchImpl('/fn/getOpenSlots', {
      method: 'POST',
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ data: input }),
      ...(signal ? { signal } : {}),
    });
    body = (await response.json().catch(() => null)) as typeof body;
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(OFFLINE, { cause: error });
  }
  const result = body?.result;
  if (!response.ok || !result || !Array.isArray(result.days) || typeof result.durationMinutes !== 'number') throw new Error(body?.error?.message || UNEXPECTED);
  return {
    starts: result.days.flatMap((day) => (day.slots ?? []).map((slot) => slot.startsAt).filter((start): start is string => typeof start === 'string')),
    durationMinutes: result.durationMinutes,
    locationKind: result.locationKind ?? 'video-url',
    intakeQuestions: Array.isArray(result.intakeQuestions) ? result.intakeQuestions : [],
    packageSize: typeof result.packageSize === 'number' ? result.packageSize : 1,
  };
}
