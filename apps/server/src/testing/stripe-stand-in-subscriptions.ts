import { randomBytes } from 'node:crypto';
import type { StandInSchedule } from './stripe-stand-in-schedules.ts';
import type { RecordedStripeRequest } from './stripe-stand-in.ts';

/**
 * Stripe Billing on connected accounts, for the stand-in (stripe-stand-in.ts): Prices, Checkout
 * Sessions in subscription mode and the subscriptions they make, subscription updates and cancels,
 * and the payments of their invoices (for refunds). Each
 * object remembers the account (`Stripe-Account`) it was made on; a call from another account
 * does not see it, as on Stripe.
 */
export interface StandInPrice {
  id: string;
  object: 'price';
  product: string;
  unit_amount: number;
  currency: string;
  recurring: { interval: 'month' | 'year' } | null;
  metadata: Record<string, string>;
}

export interface StandInSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete';
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null };
  pause_collection: { behavior: string; resumes_at: number | null } | null;
  trial_end: number | null;
  start_date: number;
  created: number;
  application_fee_percent: number | null;
  metadata: Record<string, string>;
  latest_invoice: string | null;
  /** The subscription schedule managing it (stripe-stand-in-schedules.ts), if any. */
  schedule: string | null;
  items: {
    object: 'list';
    data: { id: string; object: 'subscription_item'; quantity: number; current_period_start: number; current_period_end: number; price: StandInPrice }[];
  };
}

export interface StandInSession {
  id: string;
  account: string | null;
  body: Record<string, string>;
  answer: Record<string, unknown>;
}

export interface ConnectedBilling {
  prices: Map<string, StandInPrice & { account: string | null }>;
  sessions: Map<string, StandInSession>;
  subscriptions: Map<string, StandInSubscription & { account: string | null }>;
  schedules: Map<string, StandInSchedule & { account: string | null }>;
}

export const newConnectedBilling = (): ConnectedBilling => ({ prices: new Map(), sessions: new Map(), subscriptions: new Map(), schedules: new Map() });

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const DAY_S = 86_400;
/** A month or a year on from `start` (seconds), as Stripe bills them (calendar months, UTC). */
export function addStripeInterval(start: number, interval: 'month' | 'year'): number {
  const date = new Date(start * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

/** `metadata[key]` (or `subscription_data[metadata][key]`) form fields as an object. */
export function formMetadata(body: Record<string, string>, prefix = 'metadata'): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    const match = new RegExp(`^${prefix.replace(/[[\]]/g, '\\$&')}\\[([^\\]]+)\\]$`).exec(key);
    if (match) metadata[match[1]!] = value;
  }
  return metadata;
}

/** The stand-in's answer to a connected-account billing call, or null when the path is not one. */
export function connectedBillingRoute(state: ConnectedBilling, request: RecordedStripeRequest, base: string): [number, unknown] | null {
  const missing = (what: string): [number, unknown] => [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } }];
  if (request.method === 'POST' && request.path === '/v1/prices') {
    const price: StandInPrice = {
      id: `price_${hex(8)}`,
      object: 'price',
      product: request.body.product ?? `prod_${hex(8)}`,
      unit_amount: Number(request.body.unit_amount),
      currency: request.body.currency ?? 'usd',
      recurring: request.body['recurring[interval]'] ? { interval: request.body['recurring[interval]'] as 'month' | 'year' } : null,
      metadata: formMetadata(request.body),
    };
    state.prices.set(price.id, { ...price, account: request.stripeAccount });
    return [200, price];
  }
  if (request.method === 'POST' && request.path === '/v1/checkout/sessions' && request.body.mode === 'subscription') {
    const id = `cs_test_${hex(12)}`;
    const answer = {
      id,
      object: 'checkout.session',
      url: `${base}/pay/${id}`,
      mode: 'subscription',
      client_reference_id: request.body.client_reference_id ?? null,
      customer_email: request.body.customer_email ?? null,
      status: 'open',
      payment_status: 'unpaid',
      subscription: null,
      metadata: formMetadata(request.body),
    };
    state.sessions.set(id, { id, account: request.stripeAccount, body: request.body, answer });
    return [200, answer];
  }
  if (request.method === 'GET' && request.path === '/v1/invoice_payments' && request.stripeAccount) {
    // Each invoice asked about was paid by one PaymentIntent, named after it (refunds name that).
    const invoice = new URLSearchParams(request.query).get('invoice') ?? '';
    const data = invoice ? [{ id: `inpay_${invoice}`, object: 'invoice_payment', invoice, status: 'paid', payment: { type: 'payment_intent', payment_intent: `pi_${invoice}` } }] : [];
    return [200, { object: 'list', has_more: false, url: '/v1/invoice_payments', data }];
  }
  const match = /^\/v1\/subscriptions\/([A-Za-z0-9_]+)$/.exec(request.path);
  const subscription = match ? state.subscriptions.get(match[1]!) : undefined;
  if (!match || !request.stripeAccount) return null;
  if (!subscription || subscription.account !== request.stripeAccount) return missing(`subscription: '${match[1]}'`);
  if (request.method === 'GET') return [200, publicSubscription(subscription)];
  if (request.method === 'DELETE') {
    subscription.status = 'canceled';
    // Its schedule, if any, is canceled with it.
    const schedule = subscription.schedule ? state.schedules.get(subscription.schedule) : undefined;
    if (schedule) schedule.status = 'canceled';
    return [200, publicSubscription(subscription)];
  }
  if (request.method !== 'POST') return null;
  const error = updateSubscription(state, subscription, request.body);
  return error ? [400, { error: { type: 'invalid_request_error', message: error } }] : [200, publicSubscription(subscription)];
}

function updateSubscription(state: ConnectedBilling, subscription: StandInSubscription & { account: string | null }, body: Record<string, string>): string | null {
  if (subscription.status === 'canceled') return 'A canceled subscription can only update its metadata';
  if ('cancel_at_period_end' in body) subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
  if ('cancellation_details[comment]' in body) subscription.cancellation_details.comment = body['cancellation_details[comment]'] || null;
  if ('pause_collection' in body && body.pause_collection === '') subscription.pause_collection = null;
  if (body['pause_collection[behavior]']) {
    const resumesAt = Number(body['pause_collection[resumes_at]']);
    subscription.pause_collection = { behavior: body['pause_collection[behavior]'], resumes_at: Number.isInteger(resumesAt) && resumesAt > 0 ? resumesAt : null };
  }
  const priceId = body['items[0][price]'];
  if (priceId) {
    const item = subscription.items.data.find((candidate) => candidate.id === body['items[0][id]']);
    const price = state.prices.get(priceId);
    if (!item) return `No such subscription item: '${body['items[0][id]']}'`;
    if (!price || price.account !== subscription.account) return `No such price: '${priceId}'`;
    item.price = withoutAccount(price);
  }
  Object.assign(subscription.metadata, formMetadata(body));
  return null;
}

/**
 * The buyer pays a subscription-mode session: the stand-in makes the subscription Stripe would
 * (the session's first line's Price, its trial, its subscription metadata and application fee),
 * on the session's account. Answers the session as completed and the new subscription.
 */
export function completeSubscriptionSession(state: ConnectedBilling, sessionId: string, now: number) {
  const session = state.sessions.get(sessionId);
  if (!session) throw new Error(`no session ${sessionId}`);
  const price = state.prices.get(session.body['line_items[0][price]'] ?? '');
  if (!price) throw new Error('the session has no stand-in price');
  const trialDays = Number(session.body['subscription_data[trial_period_days]'] ?? 0);
  const trialEnd = trialDays > 0 ? now + trialDays * DAY_S : null;
  const interval = price.recurring?.interval ?? 'month';
  const subscription: StandInSubscription & { account: string | null } = {
    id: `sub_${hex(10)}`,
    object: 'subscription',
    customer: `cus_${hex(8)}`,
    status: trialEnd ? 'trialing' : 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    pause_collection: null,
    trial_end: trialEnd,
    start_date: now,
    created: now,
    application_fee_percent: session.body['subscription_data[application_fee_percent]'] ? Number(session.body['subscription_data[application_fee_percent]']) : null,
    metadata: formMetadata(session.body, 'subscription_data[metadata]'),
    latest_invoice: `in_${hex(10)}`,
    schedule: null,
    items: {
      object: 'list',
      data: [{ id: `si_${hex(8)}`, object: 'subscription_item', quantity: 1, current_period_start: now, current_period_end: trialEnd ?? addStripeInterval(now, interval), price: withoutAccount(price) }],
    },
    account: session.account,
  };
  state.subscriptions.set(subscription.id, subscription);
  // The first invoice: the Price, and the one-time lines of the session (a setup fee), unless a trial defers it.
  const setupFee = Number(session.body['line_items[1][price_data][unit_amount]'] ?? 0);
  const completed = {
    ...session.answer,
    status: 'complete',
    payment_status: trialEnd ? 'no_payment_required' : 'paid',
    subscription: subscription.id,
    customer: subscription.customer,
    invoice: subscription.latest_invoice,
    amount_total: trialEnd ? setupFee : price.unit_amount + setupFee,
    currency: price.currency,
  };
  return { session: completed, subscription: publicSubscription(subscription) };
}

/** Moves a subscription into its next period (a renewal Stripe billed), answering the period. */
export function advanceSubscriptionPeriod(state: ConnectedBilling, subscriptionId: string): { start: number; end: number } {
  const subscription = state.subscriptions.get(subscriptionId);
  const item = subscription?.items.data[0];
  if (!subscription || !item) throw new Error(`no subscription ${subscriptionId}`);
  item.current_period_start = item.current_period_end;
  item.current_period_end = addStripeInterval(item.current_period_start, item.price.recurring?.interval ?? 'month');
  subscription.latest_invoice = `in_${hex(10)}`;
  return { start: item.current_period_start, end: item.current_period_end };
}

/** The object Stripe would send: a deep copy, without the stand-in's own `account` field. */
export function publicSubscription(subscription: StandInSubscription & { account?: string | null }): StandInSubscription {
  const { account: _account, ...rest } = subscription;
  return JSON.parse(JSON.stringify(rest)) as StandInSubscription;
}

function withoutAccount(price: StandInPrice & { account?: string | null }): StandInPrice {
  const { account: _account, ...rest } = price;
  return { ...rest };
}
