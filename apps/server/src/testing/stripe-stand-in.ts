import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A loopback stand-in for the Stripe API paths the server uses ("test it against a local
 * stand-in"). The SDK reaches it through `host`/`port`/`protocol` (STRIPE_API_URL); with a custom
 * host the SDK also sends `oauth.token` and `oauth.deauthorize` here instead of connect.stripe.com.
 * Every request is recorded with its form body and the Stripe-Account and Idempotency-Key headers.
 */
export interface RecordedStripeRequest {
  method: string;
  path: string;
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
  let base = '';

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '/').split('?')[0]!;
      const body = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const recorded: RecordedStripeRequest = {
        method: request.method ?? 'GET',
        path,
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
        return [200, { id: `re_${randomBytes(12).toString('hex')}`, object: 'refund', payment_intent: request.body.payment_intent, status: 'succeeded' }];
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

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    oauthCodes,
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
