import { lazy, Suspense, useState } from 'react';
import type { DiscountField as DiscountFieldComponent, DiscountFieldProps } from './discount-field.tsx';
import { useHydrated } from './use-hydrated.ts';

// The discount field loads only when the buyer asks for it (or a `?discount=` link brings a code):
// most buyers never open it, and the storefront script has a size budget.
let loading: Promise<{ default: typeof DiscountFieldComponent }> | null = null;
const loadDiscountField = () => (loading ??= import('./discount-field.tsx').then((module) => ({ default: module.DiscountField })));
const DiscountField = lazy(loadDiscountField);

function codeFromLocation(): string | null {
  return new URLSearchParams(window.location.search).get('discount');
}

/** The "Have a discount code?" toggle; the field itself is fetched on first use. */
export function DiscountEntry(props: DiscountFieldProps) {
  const linkCode = props.linkCode ?? codeFromLocation;
  const [opened, setOpened] = useState(false);
  // The server render (and hydration) has no URL query: the link's code is read only once hydrated,
  // so both renders start with the plain toggle and nothing mismatches.
  const hydrated = useHydrated();
  const [fromLink] = useState(() => (typeof window === 'undefined' ? false : Boolean(linkCode()?.trim())));

  const toggle = (busy: boolean) => (
    <button
      type="button"
      className="sf-link-button sf-discount-toggle"
      disabled={props.disabled || busy}
      aria-busy={busy || undefined}
      aria-expanded={false}
      // Start fetching as the buyer reaches for the toggle, so the field is usually there on click.
      onPointerDown={() => void loadDiscountField()}
      onFocus={() => void loadDiscountField()}
      onClick={() => setOpened(true)}
    >
      Have a discount code?
    </button>
  );
  if (!opened && !(hydrated && fromLink) && !props.applied) return toggle(false);
  return (
    <Suspense fallback={toggle(true)}>
      <DiscountField {...props} linkCode={linkCode} initiallyOpen={opened} />
    </Suspense>
  );
}
