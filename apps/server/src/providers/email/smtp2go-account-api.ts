import { z } from 'zod';
import { SMTP2GO_DEFAULT_BASE_URL } from '#src/env/email-env.ts';
import { retryAfterMs } from './retry-after.ts';

/**
 * The smtp2go v3 account endpoints the platform uses to give each store its own sub-account
 * (master API key; calls on behalf of a sub-account pass `subaccount_id`). Shapes follow the
 * v3 reference (developers.smtp2go.com, 3.0.x) as far as it documents them; where it is loose,
 * the parsers below accept both forms seen in its examples:
 *   POST /subaccount/add       {fullname}                          → data {id, name, state, …}
 *   POST /subaccounts/search   {search_terms, fuzzy_search:false}  → data {subaccounts:[{id,name,state}]}
 *   POST /api_keys/add         {subaccount_id, description, endpoints} → data [{api_key}] (or data {api_key})
 *   POST /webhook/add          {url, events, output_format:"json", subaccount_id,
 *                               auth_header_type:"bearer", auth_header_value} → data {id, url, events}
 *   POST /webhook/view         {subaccount_id}                      → data [{id, url, events}] (or one object)
 * Errors answer `{data: {error, error_code}}` with a 4xx/5xx status; 429 may carry Retry-After.
 * smtp2go does not sign webhook calls, so the webhook carries our own bearer token
 * (`auth_header_value`) that the webhook route checks.
 */
export interface Smtp2goAccountApiConfig {
  /** The platform's master key (SMTP2GO_API_KEY). Never appears in an error message. */
  apiKey: string;
  baseUrl?: string | undefined;
  fetch?: typeof fetch | undefined;
  timeoutMs?: number | undefined;
}

export const SMTP2GO_WEBHOOK_EVENTS = ['delivered', 'bounce', 'spam', 'open', 'click', 'unsubscribe'] as const;

export interface Smtp2goWebhook {
  id: string;
  url: string;
  events: string[];
}

export interface Smtp2goAccountApi {
  addSubaccount(input: { fullname: string }): Promise<{ id: string }>;
  /** Sub-accounts whose name is exactly `fullname` (active ones), to find one a lost reply created. */
  findSubaccounts(input: { fullname: string }): Promise<Array<{ id: string; name: string }>>;
  addApiKey(input: { subaccountId: string; description: string }): Promise<{ apiKey: string }>;
  addWebhook(input: { subaccountId: string; url: string; bearerToken: string }): Promise<Smtp2goWebhook>;
  viewWebhooks(input: { subaccountId: string }): Promise<Smtp2goWebhook[]>;
}

/** A failed account call; the message is safe to show the creator and log (no key in it). */
export class Smtp2goApiError extends Error {
  override readonly name = 'Smtp2goApiError';
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status: number | undefined,
    readonly retryAfterMs: number | undefined,
  ) {
    super(message);
  }
}

const Envelope = z.object({ data: z.unknown() });
const ErrorData = z.object({ error: z.string().optional(), error_code: z.string().optional() }).loose();
const Id = z.union([z.string().min(1), z.number()]).transform(String);
const SubaccountData = z.object({ id: Id }).loose();
const SearchData = z.object({ subaccounts: z.array(z.object({ id: Id, name: z.string(), state: z.string().optional() }).loose()) }).loose();
const ApiKeyItem = z.object({ api_key: z.string().min(1) }).loose().transform((item) => item.api_key);
const ApiKeyData = z.union([
  z.array(ApiKeyItem).min(1).transform((keys) => keys[0]!),
  ApiKeyItem,
  z.array(z.object({ data: ApiKeyItem }).loose()).min(1).transform((items) => items[0]!.data),
]);
const WebhookItem = z.object({ id: Id, url: z.string(), events: z.array(z.string()).default([]) }).loose();
const WebhookList = z.union([z.array(WebhookItem), WebhookItem.transform((item) => [item])]);

export function createSmtp2goAccountApi(config: Smtp2goAccountApiConfig): Smtp2goAccountApi {
  const baseUrl = (config.baseUrl ?? SMTP2GO_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const doFetch = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? 15_000;
  const redact = (text: string) => text.replaceAll(config.apiKey, '[redacted]');

  async function call<T>(path: string, body: Record<string, unknown>, schema: z.ZodType<T>): Promise<T> {
    let response: Response;
    let raw: string;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Smtp2go-Api-Key': config.apiKey },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      raw = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new Smtp2goApiError(timedOut ? 'smtp2go did not answer in time' : 'smtp2go could not be reached', true, undefined, undefined);
    }
    const data = parseData(raw);
    if (!response.ok) {
      const detail = ErrorData.safeParse(data).data?.error;
      const retryable = response.status === 408 || response.status === 429 || response.status >= 500;
      const wait = retryable ? retryAfterMs(response.headers.get('retry-after')) : undefined;
      const what = response.status === 429 ? 'smtp2go is rate limiting requests' : `smtp2go answered HTTP ${response.status}`;
      throw new Smtp2goApiError(redact(detail ? `${what}: ${detail}` : what), retryable, response.status, wait);
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new Smtp2goApiError(`smtp2go sent an answer we could not read (${path})`, true, response.status, undefined);
    return parsed.data;
  }

  return {
    async addSubaccount({ fullname }) {
      const data = await call('/subaccount/add', { fullname }, SubaccountData);
      return { id: data.id };
    },
    async findSubaccounts({ fullname }) {
      const data = await call('/subaccounts/search', { search_terms: [fullname], fuzzy_search: false, states: 'active' }, SearchData);
      return data.subaccounts.filter((s) => s.name === fullname).map((s) => ({ id: s.id, name: s.name }));
    },
    async addApiKey({ subaccountId, description }) {
      const apiKey = await call('/api_keys/add', { subaccount_id: subaccountId, description, endpoints: ['/email/send'] }, ApiKeyData);
      return { apiKey };
    },
    async addWebhook({ subaccountId, url, bearerToken }) {
      const body = {
        subaccount_id: subaccountId,
        url,
        events: [...SMTP2GO_WEBHOOK_EVENTS],
        headers: ['Message-Id'],
        output_format: 'json',
        auth_header_type: 'bearer',
        auth_header_value: bearerToken,
      };
      const [webhook] = await call('/webhook/add', body, WebhookList);
      if (!webhook) throw new Smtp2goApiError('smtp2go did not return the new webhook', true, undefined, undefined);
      return webhook;
    },
    viewWebhooks: ({ subaccountId }) => call('/webhook/view', { subaccount_id: subaccountId }, WebhookList),
  };
}

function parseData(raw: string): unknown {
  try {
    return Envelope.parse(JSON.parse(raw)).data;
  } catch {
    return undefined;
  }
}
