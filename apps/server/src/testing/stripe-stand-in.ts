import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { scheduleRoute } from './stripe-stand-in-schedules.ts';
import { newPaymentIntents, paymentIntentRoute, type StandInPaymentIntents } from './stripe-stand-in-payment-intents.ts';
import { advanceSubscriptionPeriod, completeSubscriptionSession, connectedBillingRoute, formMetadata, newConnectedBilling, type ConnectedBilling, type StandInSubscription } from './stripe-stand-in-subscriptions.ts';

/**
 * A loopback stand-in for the Stripe API paths the server uses ("test it against a local
 * stand-in"). The SDK reaches it through `host`/`port`/`protocol` (STRIPE_API_URL); with a custom
 * host the SDK also sends `oauth.token` and `oauth.deauthorize` here instead of connect.stripe.com.
 * Every request is recorded with its form body and the Stripe-Account and Idempotency-Key headers.
 * Subscriptions on connected accounts (memberships, payment plans) live in
 * stripe-stand-in-subscriptions.ts, their schedules in stripe-stand-in-schedules.ts, and their
 * webhook events are built in stripe-connected-events.ts.
 */
export interface RecordedStripeRequest {
  method: string;
  path: string;
  /** The query string (GET list calls such as `invoices.list`). */
  query: string;
  /** The form body, flat as the SDK encodes it: `line_items[0][price_data][currency]`. */
  body: Record<string, string>;
  stripeAccount: string | null;
  idempotencyKey: string | null;
  authorization: string | null;
}

export interface StripeStandIn {
  url: string;
  requests: RecordedStripeRequest[];
  /** OAuth codes the stand-in accepts, and the account each connects; unknown codes get invalid_grant. */
  oauthCodes: Map<string, { accountId: string; livemode?: boolean }>;
  /** Invoices `invoices.list` answers, per customer id (Stripe's invoice objects). */
  invoices: Map<string, unknown[]>;
  /** Prices, subscription-mode sessions and subscriptions made on connected accounts (stripe-stand-in-subscriptions.ts). */
  connected: ConnectedBilling;
  /** Off-session PaymentIntents (the one-click upsell): which saved methods decline. */
  paymentIntents: StandInPaymentIntents;
  /** The buyer pays a subscription-mode session: Stripe makes the subscription on the session's account. */
  completeSubscriptionSession(sessionId: string, now: number): ReturnType<typeof completeSubscriptionSession>;
  /** A connected subscription as Stripe would send it now (a copy). */
  subscription(subscriptionId: string): StandInSubscription;
  /** Moves a connected subscription into its next period, as a paid renewal does. */
  advanceSubscriptionPeriod(subscriptionId: string): { start: number; end: number };
  /** The next `times` requests to this path answer 500 (a provider outage; the SDK retries twice). */
  failNext(path: string, times?: number): void;
  requestsTo(path: string): RecordedStripeRequest[];
  close(): Promise<void>;
}

export const STAND_IN_SECRETS = {
  secretKey: 'sk_test_standin',
  clientId: 'ca_standin',
  webhookSecret: 'whsec_standin_secret',
} as const;

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedStripeRequest[] = [];
  const oauthCodes = new Map<string, { accountId: string; livemode?: boolean }>();
  const idempotent = new Map<string, unknown>();
  const failing = new Map<string, number>();
  const invoices = new Map<string, unknown[]>();
  const connected = newConnectedBilling();
  const paymentIntents = newPaymentIntents();
  let base = '';

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const [path = '/', query = ''] = (request.url ?? '/').split('?');
      const body = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const recorded: RecordedStripeRequest = {
        method: request.method ?? 'GET',
        path,
        query,
        body,
        stripeAccount: header(request.headers, 'stripe-account'),
        idempotencyKey: header(request.headers, 'idempotency-key'),
        authorization: header(request.headers, 'authorization'),
      };
      requests.push(recorded);
      const send = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
        response.end(JSON.stringify(value));
      };
      const failures = failing.get(path) ?? 0;
      if (failures > 0) {
        failing.set(path, failures - 1);
        return send(500, { error: { type: 'api_error', message: 'stand-in outage' } });
      }
      const key = recorded.idempotencyKey ? `${recorded.stripeAccount}:${path}:${recorded.idempotencyKey}` : null;
      if (key && idempotent.has(key)) return send(200, idempotent.get(key));
      const [status, answer] = route(recorded);
      if (key && status === 200) idempotent.set(key, answer);
      send(status, answer);
    });
  });

  function route(request: RecordedStripeRequest): [number, unknown] {
    const connectedAnswer = connectedBillingRoute(connected, request, base) ?? scheduleRoute(connected, request);
    if (connectedAnswer) return connectedAnswer;
    const intentAnswer = paymentIntentRoute(paymentIntents, request);
    if (intentAnswer) return intentAnswer;
    const billing = billingRoute(request);
    if (billing) return billing;
    if (request.method !== 'POST') return [404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }];
    switch (request.path) {
      case '/v1/checkout/sessions': {
        const id = `cs_test_${randomBytes(12).toString('hex')}`;
        return [
          200,
          {
            id,
            object: 'checkout.session',
            url: `${base}/pay/${id}`,
            mode: request.body.mode,
            client_reference_id: request.body.client_reference_id ?? null,
            customer_email: request.body.customer_email ?? null,
            amount_total: Number(request.body['line_items[0][price_data][unit_amount]'] ?? 0),
            currency: request.body['line_items[0][price_data][currency]'] ?? 'usd',
            payment_status: 'unpaid',
            status: 'open',
            metadata: { checkoutId: request.body['metadata[checkoutId]'], storeId: request.body['metadata[storeId]'] },
          },
        ];
      }
      case '/v1/refunds':
        return [
          200,
          {
            id: `re_${randomBytes(12).toString('hex')}`,
            object: 'refund',
            payment_intent: request.body.payment_intent,
            amount: request.body.amount ? Number(request.body.amount) : null,
            status: 'succeeded',
            metadata: formMetadata(request.body),
          },
        ];
      case '/oauth/token': {
        const grant = oauthCodes.get(request.body.code ?? '');
        if (request.body.grant_type !== 'authorization_code' || !grant) {
          return [400, { error: 'invalid_grant', error_description: `Authorization code does not exist: ${request.body.code}` }];
        }
        oauthCodes.delete(request.body.code!);
        return [
          200,
          {
            access_token: 'sk_test_connected',
            livemode: grant.livemode ?? false,
            refresh_token: 'rt_standin',
            scope: 'read_write',
            stripe_publishable_key: 'pk_test_connected',
            stripe_user_id: grant.accountId,
            token_type: 'bearer',
          },
        ];
      }
      case '/oauth/deauthorize':
        return [200, { stripe_user_id: request.body.stripe_user_id }];
      default:
        return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (POST: ${request.path})` } }];
    }
  }

  /** Stripe Billing on the platform account: products, subscription updates and cancels, the portal, invoices. */
  function billingRoute(request: RecordedStripeRequest): [number, unknown] | null {
    const subscription = /^\/v1\/subscriptions\/([A-Za-z0-9_]+)$/.exec(request.path);
    if (subscription) {
      const id = subscription[1]!;
      if (request.method === 'DELETE') return [200, { id, object: 'subscription', status: 'canceled' }];
      if (request.method === 'POST') return [200, { id, object: 'subscription', status: 'active', metadata: { planId: request.body['metadata[planId]'] } }];
    }
    if (request.method === 'POST' && request.path === '/v1/products') {
      return [200, { id: `prod_${randomBytes(8).toString('hex')}`, object: 'product', name: request.body.name }];
    }
    if (request.method === 'POST' && request.path === '/v1/billing_portal/sessions') {
      return [200, { id: `bps_${randomBytes(8).toString('hex')}`, object: 'billing_portal.session', customer: request.body.customer, url: `${base}/portal/${request.body.customer}` }];
    }
    if (request.method === 'GET' && request.path === '/v1/invoices') {
      return [200, { object: 'list', has_more: false, url: '/v1/invoices', data: invoices.get(new URLSearchParams(request.query).get('customer') ?? '') ?? [] }];
    }
    return null;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    oauthCodes,
    invoices,
    connected,
    paymentIntents,
    completeSubscriptionSession: (sessionId, now) => completeSubscriptionSession(connected, sessionId, now),
    subscription: (subscriptionId) => {
      const found = connected.subscriptions.get(subscriptionId);
      if (!found) throw new Error(`no subscription ${subscriptionId}`);
      const { account: _account, ...rest } = found;
      return JSON.parse(JSON.stringify(rest)) as StandInSubscription;
    },
    advanceSubscriptionPeriod: (subscriptionId) => advanceSubscriptionPeriod(connected, subscriptionId),
    failNext: (path, times = 1) => void failing.set(path, times),
    requestsTo: (path) => requests.filter((request) => request.path === path),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

function header(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name];
  return typeof value === 'string' ? value : null;
}

/** The raw env variables that point the server at a stand-in. */
export function stripeStandInEnv(standIn: Pick<StripeStandIn, 'url'>, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: STAND_IN_SECRETS.secretKey,
    STRIPE_CLIENT_ID: STAND_IN_SECRETS.clientId,
    STRIPE_WEBHOOK_SECRET: STAND_IN_SECRETS.webhookSecret,
    STRIPE_API_URL: standIn.url,
    STRIPE_CONNECT_URL: `${standIn.url}/oauth/authorize`,
    ...overrides,
  };
}

const signer = new Stripe(STAND_IN_SECRETS.secretKey);

/** A webhook delivery as Stripe sends it: the JSON body and its `Stripe-Signature`, signed by the SDK. */
export function signedStripeWebhook(event: Record<string, unknown>, secret: string = STAND_IN_SECRETS.webhookSecret) {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
}

let eventCounter = 0;

/** A `checkout.session.completed` event as Stripe sends it for a paid Checkout Session of ours. */
export function stripeSessionCompleted(options: { checkoutId: string; sessionId: string; account: string; amount: number; currency?: string; eventId?: string }) {
  return {
    id: options.eventId ?? `evt_test_${++eventCounter}_${Date.now()}`,
    object: 'event',
    type: 'checkout.session.completed',
    account: options.account,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: options.sessionId,
        object: 'checkout.session',
        client_reference_id: options.checkoutId,
        metadata: { checkoutId: options.checkoutId },
        payment_status: 'paid',
        status: 'complete',
        amount_total: options.amount,
        currency: options.currency ?? 'usd',
        payment_intent: `pi_${options.checkoutId.slice(4)}`,
      },
    },
  };
}

/** A `customer.subscription.*` event for a platform subscription, as Stripe sends it (no `account`). */
export function stripeSubscriptionEvent(options: {
  type: 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted';
  subscriptionId: string;
  customerId: string;
  userId: string;
  planId: string;
  interval?: 'month' | 'year';
  priceCents?: number;
  status: string;
  /** Seconds since the epoch: orders the events. */
  created: number;
  eventId?: string;
}) {
  const interval = options.interval ?? 'month';
  return {
    id: options.eventId ?? `evt_test_${++eventCounter}_${Date.now()}`,
    object: 'event',
    type: options.type,
    created: options.created,
    livemode: false,
    data: {
      object: {
        id: options.subscriptionId,
        object: 'subscription',
        customer: options.customerId,
        status: options.status,
        metadata: { userId: options.userId, planId: options.planId, interval },
        items: {
          object: 'list',
          data: [
            {
              id: `si_${options.subscriptionId.slice(4)}`,
              object: 'subscription_item',
              current_period_end: options.created + 30 * 86_400,
              price: { id: 'price_inline', unit_amount: options.priceCents ?? 2900, currency: 'usd', recurring: { interval } },
            },
          ],
        },
      },
    },
  };
}

/** An `invoice.paid` / `invoice.payment_failed` event for a platform subscription. */
export function stripeInvoiceEvent(options: {
  type: 'invoice.paid' | 'invoice.payment_failed';
  subscriptionId: string;
  customerId: string;
  userId: string;
  created: number;
  eventId?: string;
}) {
  return {
    id: options.eventId ?? `evt_test_${++eventCounter}_${Date.now()}`,
    object: 'event',
    type: options.type,
    created: options.created,
    livemode: false,
    data: {
      object: {
        id: `in_${options.subscriptionId.slice(4)}_${options.created}`,
        object: 'invoice',
        customer: options.customerId,
        parent: { type: 'subscription_details', subscription_details: { subscription: options.subscriptionId, metadata: { userId: options.userId } } },
      },
    },
  };
}
