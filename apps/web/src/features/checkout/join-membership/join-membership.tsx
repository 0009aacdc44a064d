import type { StorefrontProductDetail } from '@shopfront/core';
import { useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { newIdempotencyKey } from '../idempotency-key.ts';
import { JoinRequestError, startMembershipRequest, type StartMembershipInput } from './start-membership-request.ts';
import { tierPrice, TierChoice, type Interval } from './tier-choice.tsx';
import './join-membership.css';

export interface JoinMembershipProps {
  storeId: string;
  product: StorefrontProductDetail;
  /** Where to pay; the browser by default. */
  goTo?: (url: string) => void;
  submit?: (input: StartMembershipInput) => Promise<{ checkoutUrl: string }>;
}

type Errors = Partial<Record<'name' | 'email', string>>;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const subscribe = () => () => {};

/**
 * The membership product page's join form: the tiers with a monthly/yearly switch, then name,
 * email and consent; startMembershipCheckout answers the provider's page, where the card is given.
 */
export function JoinMembership({ storeId, product, goTo = (url) => window.location.assign(url), submit = startMembershipRequest }: JoinMembershipProps) {
  const tiers = product.membershipTiers ?? [];
  const id = useId();
  const hasMonthly = tiers.some((tier) => tier.monthlyPriceCents !== null);
  const [interval, setInterval] = useState<Interval>(hasMonthly ? 'monthly' : 'yearly');
  const open = (candidate: Interval) => tiers.find((tier) => !tier.full && tierPrice(tier, candidate) !== null);
  const [tierId, setTierId] = useState<string | null>(open(interval)?.id ?? null);
  const [values, setValues] = useState({ name: '', email: '', marketingConsent: false });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef<{ fingerprint: string; key: string } | null>(null);
  const ready = useSyncExternalStore(subscribe, () => true, () => false);
  const chosen = tiers.find((tier) => tier.id === tierId && !tier.full && tierPrice(tier, interval) !== null) ?? null;
  const bothIntervals = hasMonthly && tiers.some((tier) => tier.yearlyPriceCents !== null);

  const switchTo = (next: Interval) => {
    setInterval(next);
    if (!tiers.some((tier) => tier.id === tierId && !tier.full && tierPrice(tier, next) !== null)) setTierId(open(next)?.id ?? null);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || !chosen) return;
    const name = values.name.trim();
    const email = values.email.trim();
    const found: Errors = {};
    if (!name) found.name = 'Enter your name.';
    if (!EMAIL.test(email)) found.email = 'Enter a valid email address.';
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    const payload = { storeId, tierId: chosen.id, interval, email, name, marketingConsent: values.marketingConsent };
    // A retry of the same submit sends the same key, so the server answers the same checkout.
    const fingerprint = JSON.stringify(payload);
    if (key.current?.fingerprint !== fingerprint) key.current = { fingerprint, key: newIdempotencyKey() };
    setBusy(true);
    try {
      const { checkoutUrl } = await submit({ ...payload, idempotencyKey: key.current.key });
      goTo(checkoutUrl);
    } catch (error) {
      setBusy(false);
      if (error instanceof JoinRequestError) {
        setErrors({ name: error.fields.name, email: error.fields.email });
        setFormError(error.message);
      } else setFormError('Something went wrong. Please try again.');
    }
  }

  if (tiers.length === 0) return <p className="sf-field-hint">Joining this membership is not open yet.</p>;
  return (
    <form className="sf-checkout" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy} aria-labelledby={`${id}-title`}>
      <h2 className="sf-checkout-title" id={`${id}-title`}>
        Join
      </h2>
      {bothIntervals ? (
        <div className="sf-interval" role="radiogroup" aria-label="Billing">
          {(['monthly', 'yearly'] as const).map((option) => (
            <button key={option} type="button" role="radio" aria-checked={interval === option} className="sf-interval-option" onClick={() => switchTo(option)}>
              {option === 'monthly' ? 'Monthly' : 'Yearly'}
            </button>
          ))}
        </div>
      ) : null}
      <fieldset className="sf-tiers">
        <legend className="sf-sr-only">Choose a tier</legend>
        {tiers.map((tier) => (
          <TierChoice key={tier.id} tier={tier} interval={interval} currency={product.currency} checked={tier.id === chosen?.id} onPick={() => setTierId(tier.id)} name={`${id}-tier`} />
        ))}
      </fieldset>
      <Field id={`${id}-name`} label="Name" autoComplete="name" value={values.name} error={errors.name} disabled={busy} onChange={(name) => setValues({ ...values, name })} />
      <Field id={`${id}-email`} label="Email" type="email" autoComplete="email" value={values.email} error={errors.email} disabled={busy} onChange={(email) => setValues({ ...values, email })} hint="Your receipts and members area sign-in use this address." />
      <label className="sf-consent">
        <input type="checkbox" checked={values.marketingConsent} onChange={(event) => setValues({ ...values, marketingConsent: event.target.checked })} disabled={busy} />
        <span>Email me about new products</span>
      </label>
      <div className="sf-checkout-status" role="alert" aria-live="assertive">
        {formError ? <p className="sf-checkout-error">{formError}</p> : null}
      </div>
      <button className="sf-checkout-submit" type="submit" disabled={!ready || busy || !chosen}>
        {busy ? (
          <>
            <span className="sf-spinner" aria-hidden="true" />
            <span>Taking you to checkout…</span>
          </>
        ) : chosen ? (
          `${product.ctaLabel} ${chosen.name}`
        ) : (
          'Every tier is full'
        )}
      </button>
    </form>
  );
}

function Field({ id, label, error, hint, onChange, ...input }: { id: string; label: string; value: string; error?: string; hint?: string; disabled: boolean; type?: string; autoComplete: string; onChange: (value: string) => void }) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="sf-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} onChange={(event) => onChange(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      {hint ? (
        <p className="sf-field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="sf-field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
