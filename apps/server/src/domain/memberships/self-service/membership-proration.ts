// Exports prorateTierChange: the credit and charge of moving tiers mid-period, in whole cents.
export interface Proration {
  creditCents: number;
  chargeCents: number;
  netCents: number;
}

/**
 * Like Stripe's proration: the unused part of the current period is credited at the old price and
 * charged at the new one, by time left (to the millisecond), each rounded to the cent. A trial
 * paid nothing, so moving during it costs nothing; the first charge at trial end takes the new price.
 */
export function prorateTierChange(options: {
  oldPriceCents: number;
  newPriceCents: number;
  periodStart: Date;
  periodEnd: Date;
  at: Date;
  trialing: boolean;
}): Proration {
  const total = options.periodEnd.getTime() - options.periodStart.getTime();
  if (options.trialing || total <= 0) return { creditCents: 0, chargeCents: 0, netCents: 0 };
  const left = Math.min(Math.max(options.periodEnd.getTime() - options.at.getTime(), 0), total);
  const creditCents = Math.round((options.oldPriceCents * left) / total);
  const chargeCents = Math.round((options.newPriceCents * left) / total);
  return { creditCents, chargeCents, netCents: chargeCents - creditCents };
}
