import { formatMoney, toMajorUnits } from '@shopfront/core/money';
import { checkoutSuccessPath } from '@shopfront/core/store-urls';
import type { StorefrontProductDetail } from '@shopfront/core';
import { useId, useRef, useState, type FormEvent } from 'react';
import { validateCheckout, type CheckoutErrors, type CheckoutValues } from './checkout-rules.ts';
import { CheckoutRequestError, createCheckoutRequest, type CheckoutBookingInput, type CreateCheckoutInput, type CreatedCheckout, type DiscountPreview } from './create-checkout-request.ts';
import { DiscountField, type DiscountFieldProps } from './discount-field.tsx';
import { createKeyKeeper, newIdempotencyKey } from './idempotency-key.ts';
import { useHydrated } from './use-hydrated.ts';
import './checkout-form.css';

export type CheckoutProduct = Pick<StorefrontProductDetail, 'id' | 'type' | 'title' | 'priceMode' | 'priceCents' | 'minPriceCents' | 'currency' | 'ctaLabel'> &
  Partial<Pick<StorefrontProductDetail, 'bump' | 'plan'>>;

export interface CheckoutFormProps {
  storeId: string;
  product: CheckoutProduct;
  /** `/{slug}`, or '' on a custom or bio domain: where the thank-you page is. */
  basePath: string;
  /** Seams for tests; the defaults call the server and leave the page. */
  submitCheckout?: (input: CreateCheckoutInput) => Promise<CreatedCheckout>;
  redirect?: (url: string) => void;
  newKey?: () => string;
  discountSeams?: Pick<DiscountFieldProps, 'preview' | 'linkCode'>;
  /** A call's chosen time and answers, read at submit; null stops the submit (the booking form says why). */
  booking?: () => CheckoutBookingInput | null;
  /** The server refused the checkout (a call's time may just have been taken). */
  onRefused?: (message: string) => void;
}

type Phase = 'idle' | 'submitting' | 'leaving';

/**
 * The buyer's checkout: name, email, the amount for pay-what-you-want and an optional
 * marketing consent. One idempotency key per attempt survives retries; a paid product goes to the
 * provider's checkout page, a free one (an order already) straight to the thank-you page.
 * Dependency-free on purpose: it ships in the storefront script (see checkout-rules.ts).
 */
export function CheckoutForm({ storeId, product, basePath, submitCheckout, redirect, newKey, discountSeams, booking, onRefused }: CheckoutFormProps) {
  const id = useId();
  const isPwyw = product.priceMode === 'pay-what-you-want';
  const isFree = product.priceMode === 'free' || (product.priceMode === 'fixed' && product.priceCents === 0);
  const [values, setValues] = useState<CheckoutValues>(() => ({
    name: '',
    email: '',
    amount: isPwyw && product.priceCents ? toMajorUnits(product.priceCents, product.currency) : '',
    marketingConsent: false,
  }));
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [discount, setDiscount] = useState<DiscountPreview | null>(null);
  const [bumpTicked, setBumpTicked] = useState(false);
  const plan = product.plan ?? null;
  const [inPlan, setInPlan] = useState(false);
  // A plan is one fixed instalment: no discount code or order bump with it (decision 047).
  const bump = inPlan ? null : (product.bump ?? null);
  const takesCodes = !inPlan && product.priceMode === 'fixed' && product.type !== 'lead-magnet' && (product.priceCents ?? 0) > 0;
  // Before hydration the form cannot submit (it would post to the page): the button waits for JS.
  const ready = useHydrated();
  const keys = useRef(createKeyKeeper(newKey ?? newIdempotencyKey));
  const nameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const amountInput = useRef<HTMLInputElement>(null);

  const busy = phase !== 'idle';
  const pricing = { priceMode: product.priceMode, minPriceCents: product.minPriceCents, currency: product.currency };

  function update<K extends keyof CheckoutValues>(key: K, value: CheckoutValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    if (key in errors) setErrors((current) => ({ ...current, [key]: undefined }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const checked = validateCheckout(values, pricing);
    if ('errors' in checked) {
      setErrors(checked.errors);
      const first = (['name', 'email', 'amount'] as const).find((field) => checked.errors[field]);
      const inputs = { name: nameInput, email: emailInput, amount: amountInput };
      if (first) inputs[first].current?.focus();
      return;
    }
    setErrors({});
    const call = booking ? booking() : undefined;
    if (call === null) return;
    const { marketingConsent, ...buyer } = checked.input;
    const attempt = {
      storeId,
      productId: product.id,
      ...buyer,
      ...(marketingConsent ? { marketingConsent } : {}),
      ...(discount && !inPlan ? { discountCode: discount.code } : {}),
      ...(bump && bumpTicked ? { orderBump: true } : {}),
      ...(inPlan ? { paymentPlan: true } : {}),
      ...(call ? { booking: call } : {}),
    };
    const input: CreateCheckoutInput = { ...attempt, idempotencyKey: keys.current.keyFor(attempt) };
    setPhase('submitting');
    try {
      const created = await (submitCheckout ?? createCheckoutRequest)(input);
      setPhase('leaving');
      const go = redirect ?? ((url: string) => window.location.assign(url));
      go(created.orderId ? checkoutSuccessPath(basePath, created.checkoutId) : created.checkoutUrl);
    } catch (error) {
      setPhase('idle');
      if (error instanceof CheckoutRequestError) {
        const fieldErrors: CheckoutErrors = {};
        for (const field of ['name', 'email', 'amount'] as const) if (error.fields[field]) fieldErrors[field] = error.fields[field];
        setErrors(fieldErrors);
        setFormError(error.message);
        onRefused?.(error.message);
      } else {
        setFormError('Something went wrong. Please try again.');
      }
    }
  }

  const describe = (field: keyof CheckoutErrors, hint?: string) =>
    [errors[field] ? `${id}-${field}-error` : null, hint ?? null].filter(Boolean).join(' ') || undefined;
  const minimum = isPwyw && product.minPriceCents > 0 ? formatMoney(product.minPriceCents, product.currency, { locale: 'en-US', trimWhole: true }) : null;
  const money = (cents: number) => formatMoney(cents, product.currency, { locale: 'en-US', trimWhole: true });
  const pendingLabel = isFree ? (product.type === 'call' ? 'Booking your call…' : 'Getting it ready…') : 'Taking you to checkout…';

  return (
    <form className="sf-checkout" noValidate onSubmit={onSubmit} aria-busy={busy} aria-labelledby={`${id}-title`}>
      <h2 className="sf-checkout-title" id={`${id}-title`}>
        {product.type === 'call' ? 'Your details' : isFree ? 'Get it now' : 'Checkout'}
      </h2>
      <div className="sf-field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          ref={nameInput}
          id={`${id}-name`}
          name="name"
          type="text"
          autoComplete="name"
          autoCapitalize="words"
          enterKeyHint="next"
          value={values.name}
          onChange={(event) => update('name', event.target.value)}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describe('name')}
          disabled={busy}
        />
        {errors.name ? (
          <p className="sf-field-error" id={`${id}-name-error`}>
            {errors.name}
          </p>
        ) : null}
      </div>
      <div className="sf-field">
        <label htmlFor={`${id}-email`}>Email</label>
        <input
          ref={emailInput}
          id={`${id}-email`}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint={isPwyw ? 'next' : 'go'}
          value={values.email}
          onChange={(event) => update('email', event.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describe('email', `${id}-email-hint`)}
          disabled={busy}
        />
        <p className="sf-field-hint" id={`${id}-email-hint`}>
          {product.type === 'call'
            ? 'Your confirmation and calendar invite go here.'
            : product.type === 'course'
              ? 'Your receipt and the link to start the course go here.'
              : isFree
                ? 'We’ll email you the download link.'
                : 'Your receipt and download link go here.'}
        </p>
        {errors.email ? (
          <p className="sf-field-error" id={`${id}-email-error`}>
            {errors.email}
          </p>
        ) : null}
      </div>
      {isPwyw ? (
        <div className="sf-field">
          <label htmlFor={`${id}-amount`}>Pay what you want ({product.currency.toUpperCase()})</label>
          <div className="sf-amount">
            <input
              ref={amountInput}
              id={`${id}-amount`}
              name="amount"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              enterKeyHint="go"
              value={values.amount}
              onChange={(event) => update('amount', event.target.value)}
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={describe('amount', `${id}-amount-hint`)}
              disabled={busy}
            />
          </div>
          <p className="sf-field-hint" id={`${id}-amount-hint`}>
            {minimum ? `Minimum ${minimum}` : 'Any amount, even 0'}
          </p>
          {errors.amount ? (
            <p className="sf-field-error" id={`${id}-amount-error`}>
              {errors.amount}
            </p>
          ) : null}
        </div>
      ) : null}
      {plan ? (
        <fieldset className="sf-field sf-plan">
          <legend>How to pay</legend>
          <label className="sf-consent">
            <input type="radio" name="paymentPlan" value="full" checked={!inPlan} onChange={() => setInPlan(false)} disabled={busy} />
            <span>Pay in full {money(product.priceCents ?? 0)}</span>
          </label>
          <label className="sf-consent">
            <input type="radio" name="paymentPlan" value="plan" checked={inPlan} onChange={() => setInPlan(true)} disabled={busy} />
            <span>
              {plan.instalments} × {money(plan.instalmentCents)} monthly (total {money(plan.instalments * plan.instalmentCents)})
            </span>
          </label>
        </fieldset>
      ) : null}
      {takesCodes ? (
        <DiscountField storeId={storeId} productId={product.id} applied={discount} onApplied={setDiscount} disabled={busy || !ready} {...discountSeams} />
      ) : null}
      {bump ? (
        <label className="sf-consent sf-bump">
          <input type="checkbox" name="orderBump" checked={bumpTicked} onChange={(event) => setBumpTicked(event.target.checked)} disabled={busy} />
          <span>
            Add {bump.title} for {formatMoney(bump.priceCents, product.currency, { locale: 'en-US' })}
          </span>
        </label>
      ) : null}
      <label className="sf-consent">
        <input
          type="checkbox"
          name="marketingConsent"
          checked={values.marketingConsent}
          onChange={(event) => update('marketingConsent', event.target.checked)}
          disabled={busy}
        />
        <span>Email me about new products</span>
      </label>
      <div className="sf-checkout-status" role="alert" aria-live="assertive">
        {formError ? <p className="sf-checkout-error">{formError}</p> : null}
      </div>
      <button className="sf-checkout-submit" type="submit" disabled={!ready || busy}>
        {busy ? (
          <>
            <span className="sf-spinner" aria-hidden="true" />
            <span>{pendingLabel}</span>
          </>
        ) : (
          product.ctaLabel
        )}
      </button>
      <p className="sf-sr-only" aria-live="polite">
        {busy ? pendingLabel : ''}
      </p>
      <noscript>
        <p className="sf-field-hint">Checkout needs JavaScript. Please turn it on to buy.</p>
      </noscript>
    </form>
  );
}
