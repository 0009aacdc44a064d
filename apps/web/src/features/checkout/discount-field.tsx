import { formatMoney } from '@shopfront/core/money';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { CheckoutRequestError, previewDiscountRequest, type DiscountPreview } from './create-checkout-request.ts';

export interface DiscountFieldProps {
  storeId: string;
  productId: string;
  /** The code of the page's `?discount=CODE` link, read after hydration (the server render has none). */
  linkCode?: () => string | null;
  applied: DiscountPreview | null;
  onApplied: (preview: DiscountPreview | null) => void;
  disabled: boolean;
  /** Seam for tests; the default calls the server. */
  preview?: typeof previewDiscountRequest;
}

function codeFromLocation(): string | null {
  return new URLSearchParams(window.location.search).get('discount');
}

const money = (cents: number, currency: string) => formatMoney(cents, currency, { locale: 'en-US' });

/**
 * "Have a discount code?" on the checkout form: the server says what the code takes off (it
 * checks it again when the checkout is created). Shows the old and new price once applied.
 */
export function DiscountField({ storeId, productId, linkCode = codeFromLocation, applied, onApplied, disabled, preview = previewDiscountRequest }: DiscountFieldProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const autoApplied = useRef(false);

  async function apply(text: string) {
    const trimmed = text.trim();
    if (!trimmed) {
      setError('Please enter a discount code.');
      input.current?.focus();
      return;
    }
    setChecking(true);
    setError(null);
    try {
      onApplied(await preview({ storeId, productId, code: trimmed }));
    } catch (failure) {
      setError(failure instanceof CheckoutRequestError ? (failure.fields.code ?? failure.message) : 'Something went wrong. Please try again.');
      onApplied(null);
    } finally {
      setChecking(false);
    }
  }

  // Once, for the link's code; later edits are the buyer's.
  const applyLinkCode = useEffectEvent(() => {
    const fromLink = linkCode()?.trim();
    if (!fromLink) return;
    setOpen(true);
    setCode(fromLink);
    void apply(fromLink);
  });
  useEffect(() => {
    if (autoApplied.current) return;
    autoApplied.current = true;
    applyLinkCode();
  }, []);

  if (applied) {
    return (
      <div className="sf-discount-applied" role="status">
        <p>
          <span className="sf-discount-code">{applied.code}</span> applied:{' '}
          <s aria-label={`was ${money(applied.priceCents, applied.currency)}`}>{money(applied.priceCents, applied.currency)}</s>{' '}
          <strong>{money(applied.discountedCents, applied.currency)}</strong>
        </p>
        <button
          type="button"
          className="sf-link-button"
          aria-label={`Remove discount code ${applied.code}`}
          disabled={disabled}
          onClick={() => {
            onApplied(null);
            setCode('');
          }}
        >
          Remove
        </button>
      </div>
    );
  }

  if (!open) {
    return (
      <button type="button" className="sf-link-button sf-discount-toggle" disabled={disabled} onClick={() => setOpen(true)} aria-expanded={false}>
        Have a discount code?
      </button>
    );
  }

  return (
    <div className="sf-field">
      <label htmlFor={`${id}-code`}>Discount code</label>
      <div className="sf-discount-row">
        <input
          ref={input}
          id={`${id}-code`}
          name="discountCode"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            // Enter applies the code instead of submitting the whole form.
            if (event.key === 'Enter') {
              event.preventDefault();
              void apply(code);
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-code-error` : undefined}
          disabled={disabled || checking}
        />
        <button type="button" className="sf-discount-apply" onClick={() => void apply(code)} disabled={disabled || checking} aria-busy={checking}>
          {checking ? 'Checking…' : 'Apply'}
        </button>
      </div>
      {error ? (
        <p className="sf-field-error" id={`${id}-code-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
