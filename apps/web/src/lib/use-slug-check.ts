import { deriveSlug, isAppError, MESSAGES, SLUG_CHECK_DEBOUNCE_MS, SLUG_MAX_LENGTH, SLUG_MIN_LENGTH, STORE_NAME_MAX_LENGTH, type SlugSuggestion } from '@shopfront/core';
import { useQuery } from '@tanstack/react-query';
import { callFunction } from './call-function.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

export type SlugCheckState =
  | { status: 'idle' }
  /** The store name itself is refused (too long): its field says why, the URL waits for it. */
  | { status: 'name-invalid'; slug: string }
  | { status: 'checking'; slug: string }
  | { status: 'valid'; slug: string }
  | { status: 'error'; slug: string; message: string; suggestions: SlugSuggestion[] };

export const slugCheckQueryKey = (slug: string, name: string) => ['stores', 'checkSlug', slug, name] as const;

/**
 * Spec §4/§5 live slug check: checking → valid, or error with suggestions, asked 300 ms after the
 * last keystroke. Older answers never overwrite a newer slug (each slug is its own query).
 * The shared copy of the signup's check (features/auth), for every store-creating form.
 * Inputs past core's limits are answered here instead of being sent: a name too long waits for
 * the name's own field to be fixed (the message shows once, there), a name with too few letters or
 * digits to make an address says so in plain words. A refusal from the server shows its own
 * message, and only a failed request says "Unable to check".
 */
export function useSlugCheck(slug: string, storeName: string, delayMs: number = SLUG_CHECK_DEBOUNCE_MS): SlugCheckState {
  const nameTooLong = storeName.trim().length > STORE_NAME_MAX_LENGTH;
  const slugTooLong = slug.length > SLUG_MAX_LENGTH;
  const wanted = { slug, name: storeName.trim() };
  const settled = useDebouncedValue(wanted, `${wanted.slug}\u0000${wanted.name}`, delayMs);
  const isSettled = settled.slug === wanted.slug && settled.name === wanted.name;

  const query = useQuery({
    queryKey: slugCheckQueryKey(settled.slug, settled.name),
    queryFn: ({ signal }) => callFunction('checkSlug', { slug: settled.slug, ...(settled.name ? { name: settled.name } : {}) }, { signal }),
    enabled: settled.slug.length > 0 && !nameTooLong && !slugTooLong && !makesNoAddress(settled.slug, settled.name),
    retry: false,
    staleTime: 15_000,
  });

  if (nameTooLong) return { status: 'name-invalid', slug };
  if (!slug || makesNoAddress(slug, storeName)) {
    return storeName.trim() ? { status: 'error', slug, message: MESSAGES.validation.storeNameNoAddress, suggestions: [] } : { status: 'idle' };
  }
  if (slugTooLong) return { status: 'error', slug, message: MESSAGES.slug.invalidFormat, suggestions: [] };
  if (!isSettled || query.isPending) return { status: 'checking', slug };
  if (query.isError) return { status: 'error', slug, message: refusalMessage(query.error), suggestions: [] };
  const answer = query.data;
  if (answer.status === 'valid') return { status: 'valid', slug: answer.slug };
  return { status: 'error', slug: answer.slug, message: answer.message ?? MESSAGES.slug.invalidFormat, suggestions: answer.suggestions };
}

/** A name whose letters and digits are too few for an address (an emoji-only name), when the URL is the name's. */
function makesNoAddress(slug: string, storeName: string): boolean {
  return slug.length < SLUG_MIN_LENGTH && slug === deriveSlug(storeName);
}

/**
 * The store name field's error: the form's own, or — before the field is validated (it waits for
 * the first blur) — "too long" as soon as the slug check refuses the name, so it shows at once,
 * once, under the name.
 */
export function storeNameError(fieldError: string | undefined, state: SlugCheckState): string | undefined {
  return fieldError ?? (state.status === 'name-invalid' ? MESSAGES.validation.storeNameTooLong : undefined);
}

/** A refusal (bad input, throttled) carries its reason; a failed request or server fault does not. */
function refusalMessage(error: unknown): string {
  const failed = !isAppError(error) || ['unavailable', 'internal', 'unknown', 'deadline-exceeded', 'cancelled', 'data-loss'].includes(error.code);
  return failed ? MESSAGES.slug.checkFailed : error.message;
}
