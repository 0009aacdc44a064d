import type { StorefrontMembershipTier } from '@shopfront/core';
import { formatMoney } from '@shopfront/core/money';

export type Interval = 'monthly' | 'yearly';

const price = (cents: number, currency: string) => formatMoney(cents, currency, { locale: 'en-US', trimWhole: true });
export const tierPrice = (tier: StorefrontMembershipTier, interval: Interval) => (interval === 'monthly' ? tier.monthlyPriceCents : tier.yearlyPriceCents);

/** One tier as a radio card: name, price for the interval, trial, setup fee, description, its courses and benefits; "Full" when it takes no one. */
export function TierChoice({ tier, interval, currency, checked, onPick, name }: { tier: StorefrontMembershipTier; interval: Interval; currency: string; checked: boolean; onPick: () => void; name: string }) {
  const cents = tierPrice(tier, interval);
  const unavailable = tier.full || cents === null;
  const benefits = [...(tier.courses ?? []).map((title) => `Course: ${title}`), ...tier.benefits];
  const extras = [tier.trialDays > 0 ? `${tier.trialDays}-day free trial` : null, tier.setupFeeCents > 0 ? `${price(tier.setupFeeCents, currency)} setup fee` : null].filter(Boolean).join(' · ');
  return (
    <label className="sf-tier" data-checked={checked || undefined} data-unavailable={unavailable || undefined}>
      <input type="radio" name={name} value={tier.id} checked={checked} onChange={onPick} disabled={unavailable} />
      <span className="sf-tier-head">
        <span className="sf-tier-name">{tier.name}</span>
        <span className="sf-tier-price">
          {tier.full ? 'Full' : cents === null ? `Not offered ${interval}` : `${price(cents, currency)}/${interval === 'monthly' ? 'month' : 'year'}`}
        </span>
      </span>
      {extras ? <span className="sf-tier-extras">{extras}</span> : null}
      {tier.description ? <span className="sf-tier-description">{tier.description}</span> : null}
      {benefits.length > 0 ? (
        <span className="sf-tier-benefits">
          {benefits.map((benefit, index) => (
            <span key={index} className="sf-tier-benefit">
              {benefit}
            </span>
          ))}
        </span>
      ) : null}
    </label>
  );
}
