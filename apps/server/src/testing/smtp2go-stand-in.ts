import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A loopback stand-in for the smtp2go v3 API paths the server uses (docs/email.md): sub-account
 * add and search, API key add, webhook add and view, email send. It keeps what was created, so a
 * test can count sub-accounts and read the webhook's URL and bearer token, and it records every
 * request with the key it carried. Failures are injected per path:
 *   - `{ status, retryAfter? }` answers that HTTP status (5xx, 429 with Retry-After) and does nothing;
 *   - `'hang'` never answers (the client's timeout fires);
 *   - `'drop'` closes the connection without an answer;
 *   - `'lost-reply'` does the work, then closes the connection (smtp2go made it; the reply was lost).
 */
export type Smtp2goFailure = { status: number; retryAfter?: string } | 'hang' | 'drop' | 'lost-reply';

export interface RecordedSmtp2goRequest {
  path: string;
  body: Record<string, unknown>;
  apiKey: string | null;
}

export interface StandInSubaccount {
  id: string;
  name: string;
}

export interface StandInWebhook {
  id: number;
  subaccountId: string | null;
  url: string;
  events: string[];
  outputFormat: string;
  authHeaderType: string;
  authHeaderValue: string;
}

export interface StandInSentEmail {
  /** The sub-account whose key sent it; null for the master key. */
  subaccountId: string | null;
  body: Record<string, unknown>;
}

export interface Smtp2goStandIn {
  /** The base URL with `/v3`, for SMTP2GO_BASE_URL. */
  url: string;
  masterKey: string;
  requests: RecordedSmtp2goRequest[];
  subaccounts: StandInSubaccount[];
  /** API key → sub-account id. */
  apiKeys: Map<string, string>;
  webhooks: StandInWebhook[];
  sent: StandInSentEmail[];
  /** The next `times` requests to `path` (e.g. `/subaccount/add`) fail as described. */
  failNext(path: string, failure: Smtp2goFailure, times?: number): void;
  requestsTo(path: string): RecordedSmtp2goRequest[];
  close(): Promise<void>;
}

export const SMTP2GO_STAND_IN_MASTER_KEY = 'api-STANDINMASTERKEY0000000000000000';

export async function startSmtp2goStandIn(): Promise<Smtp2goStandIn> {
  const requests: RecordedSmtp2goRequest[] = [];
  const subaccounts: StandInSubaccount[] = [];
  const apiKeys = new Map<string, string>();
  const webhooks: StandInWebhook[] = [];
  const sent: StandInSentEmail[] = [];
  const failing = new Map<string, Array<Smtp2goFailure>>();
  const sockets = new Set<Socket>();
  let nextWebhookId = 4300;

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '/').split('?')[0]!.replace(/^\/v3/, '');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        return send(response, 400, { data: { error: 'Invalid JSON', error_code: 'E_ApiResponseCodes.INVALID_JSON' } });
      }
      const key = request.headers['x-smtp2go-api-key'];
      const apiKey = typeof key === 'string' ? key : typeof body.api_key === 'string' ? body.api_key : null;
      requests.push({ path, body, apiKey });

      const failure = failing.get(path)?.shift();
      if (failure === 'hang') return;
      if (failure === 'drop') return void request.socket.destroy();
      if (failure && typeof failure === 'object') {
        const headers: Record<string, string> = failure.retryAfter ? { 'retry-after': failure.retryAfter } : {};
        const error = failure.status === 429 ? 'Rate limit exceeded' : 'Stand-in outage';
        return send(response, failure.status, { data: { error, error_code: `E_StandIn.HTTP_${failure.status}` } }, headers);
      }
      const [status, answer] = route(path, body, apiKey);
      if (failure === 'lost-reply') return void request.socket.destroy();
      send(response, status, answer);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  function route(path: string, body: Record<string, unknown>, apiKey: string | null): [number, unknown] {
    const isMaster = apiKey === SMTP2GO_STAND_IN_MASTER_KEY;
    const subaccountOfKey = apiKey ? apiKeys.get(apiKey) : undefined;
    if (!isMaster && !(path === '/email/send' && subaccountOfKey)) {
      return [401, { data: { error: 'Invalid API key', error_code: 'E_ApiResponseCodes.API_KEY_INVALID' } }];
    }
    const subaccountId = typeof body.subaccount_id === 'string' ? body.subaccount_id : null;
    const knownSubaccount = (id: string | null) => id === null || subaccounts.some((s) => s.id === id);
    switch (path) {
      case '/subaccount/add': {
        if (typeof body.fullname !== 'string' || !body.fullname) return badRequest('fullname is required');
        const subaccount = { id: randomBytes(4).toString('hex'), name: body.fullname };
        subaccounts.push(subaccount);
        return ok({ ...subaccount, plan_size: 10000, plan_used: 0, plan_remaining: 10000, state: 'Active' });
      }
      case '/subaccounts/search': {
        const terms = Array.isArray(body.search_terms) ? body.search_terms.map(String) : [];
        const exact = body.fuzzy_search === false;
        const match = (name: string) => terms.length === 0 || terms.some((t) => (exact ? name === t : name.toLowerCase().includes(t.toLowerCase())));
        const found = subaccounts.filter((s) => match(s.name)).map((s) => ({ ...s, email: '', state: 'Active', plan_size: 10000 }));
        return ok({ continue_token: '', total_count: found.length, subaccounts: found });
      }
      case '/api_keys/add': {
        if (!subaccountId || !knownSubaccount(subaccountId)) return badRequest('Unknown subaccount_id');
        const key = `api-${randomBytes(16).toString('hex').toUpperCase()}`;
        apiKeys.set(key, subaccountId);
        return ok([{ api_key: key, description: body.description ?? '', status: 'allowed', endpoints: body.endpoints ?? ['/email/send'] }]);
      }
      case '/webhook/add': {
        if (typeof body.url !== 'string' || !body.url) return badRequest('url is required');
        if (!knownSubaccount(subaccountId)) return badRequest('Unknown subaccount_id');
        const webhook: StandInWebhook = {
          id: nextWebhookId++,
          subaccountId,
          url: body.url,
          events: Array.isArray(body.events) ? body.events.map(String) : [],
          outputFormat: typeof body.output_format === 'string' ? body.output_format : 'form',
          authHeaderType: typeof body.auth_header_type === 'string' ? body.auth_header_type : '',
          authHeaderValue: typeof body.auth_header_value === 'string' ? body.auth_header_value : '',
        };
        webhooks.push(webhook);
        return ok(webhookView(webhook));
      }
      case '/webhook/view':
        if (!knownSubaccount(subaccountId)) return badRequest('Unknown subaccount_id');
        return ok(webhooks.filter((w) => w.subaccountId === subaccountId).map(webhookView));
      case '/email/send': {
        sent.push({ subaccountId: subaccountOfKey ?? null, body });
        return ok({ succeeded: 1, failed: 0, failures: [], email_id: `${randomBytes(3).toString('hex')}-${randomBytes(3).toString('hex')}-sa` });
      }
      default:
        return [404, { data: { error: `Unknown endpoint ${path}`, error_code: 'E_ApiResponseCodes.NON_EXISTENT_ENDPOINT' } }];
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`;
  return {
    url: base,
    masterKey: SMTP2GO_STAND_IN_MASTER_KEY,
    requests,
    subaccounts,
    apiKeys,
    webhooks,
    sent,
    failNext: (path, failure, times = 1) => void failing.set(path, [...(failing.get(path) ?? []), ...Array<Smtp2goFailure>(times).fill(failure)]),
    requestsTo: (path) => requests.filter((request) => request.path === path),
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The raw env variables that point the server's smtp2go provider at a stand-in. */
export function smtp2goStandInEnv(standIn: Pick<Smtp2goStandIn, 'url' | 'masterKey'>): Record<string, string> {
  return { EMAIL_PROVIDER: 'smtp2go', SMTP2GO_API_KEY: standIn.masterKey, SMTP2GO_BASE_URL: standIn.url, EMAIL_FROM: 'Shopfront <mail@shopfront.test>' };
}

const requestId = () => `${randomBytes(4).toString('hex')}-${randomBytes(2).toString('hex')}`;
const ok = (data: unknown): [number, unknown] => [200, { request_id: requestId(), data }];
const badRequest = (error: string): [number, unknown] => [400, { request_id: requestId(), data: { error, error_code: 'E_ApiResponseCodes.INVALID_PARAMETERS' } }];

function webhookView(webhook: StandInWebhook) {
  // smtp2go does not read the auth header value back out; neither does the stand-in.
  return { id: webhook.id, url: webhook.url, events: webhook.events, sms_events: [], headers: [], usernames: [], output_format: webhook.outputFormat };
}

function send(response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(value));
}
