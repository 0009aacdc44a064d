import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp2goStandIn, type Smtp2goStandIn } from '#src/testing/smtp2go-stand-in.ts';
import { createSmtp2goAccountApi, Smtp2goApiError } from './smtp2go-account-api.ts';
import { createSmtp2goProvider } from './smtp2go-provider.ts';

const message = { to: 'ada@example.com', subject: 'Hi', text: 'Hello', html: '<p>Hello</p>' };

describe('smtp2go account API and send client against the stand-in', () => {
  let standIn: Smtp2goStandIn;
  const api = (timeoutMs?: number) => createSmtp2goAccountApi({ apiKey: standIn.masterKey, baseUrl: standIn.url, timeoutMs });
  const sender = (timeoutMs?: number) => createSmtp2goProvider({ apiKey: standIn.masterKey, baseUrl: standIn.url, from: 'Shop <mail@shop.test>', timeoutMs });

  beforeAll(async () => {
    standIn = await startSmtp2goStandIn();
  });
  afterAll(() => standIn?.close());

  it('creates a sub-account, its key and a webhook, and finds them again', async () => {
    const { id } = await api().addSubaccount({ fullname: 'Shopfront store A' });
    expect(await api().findSubaccounts({ fullname: 'Shopfront store A' })).toEqual([{ id, name: 'Shopfront store A' }]);
    expect(await api().findSubaccounts({ fullname: 'Shopfront store' })).toEqual([]);

    const { apiKey } = await api().addApiKey({ subaccountId: id, description: 'store A' });
    expect(standIn.apiKeys.get(apiKey)).toBe(id);
    expect(standIn.requestsTo('/api_keys/add').at(-1)!.body).toMatchObject({ subaccount_id: id, endpoints: ['/email/send'] });

    const webhook = await api().addWebhook({ subaccountId: id, url: 'https://shop.test/api/webhooks/smtp2go/s1', bearerToken: 'tok' });
    expect(webhook.url).toBe('https://shop.test/api/webhooks/smtp2go/s1');
    expect(await api().viewWebhooks({ subaccountId: id })).toEqual([{ ...webhook, events: webhook.events }]);
    expect(standIn.requestsTo('/webhook/add').at(-1)!.body).toMatchObject({ auth_header_type: 'bearer', auth_header_value: 'tok', output_format: 'json' });
  });

  it('a 429 is retryable and carries Retry-After; a 400 is not retryable; the key is never in the message', async () => {
    standIn.failNext('/subaccount/add', { status: 429, retryAfter: '12' });
    const limited = await api().addSubaccount({ fullname: 'x' }).catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(Smtp2goApiError);
    expect(limited).toMatchObject({ retryable: true, status: 429, retryAfterMs: 12_000 });

    const refused = await api().addApiKey({ subaccountId: 'nope', description: '' }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ retryable: false, status: 400, message: expect.stringContaining('Unknown subaccount_id') });

    const wrongKey = createSmtp2goAccountApi({ apiKey: 'api-WRONGKEY', baseUrl: standIn.url });
    const unauthorised = await wrongKey.addSubaccount({ fullname: 'x' }).catch((error: unknown) => error as Error);
    expect(unauthorised).toMatchObject({ status: 401 });
    expect((unauthorised as Error).message).not.toContain('api-WRONGKEY');
  });

  it('a call that gets no answer times out as a retryable error', async () => {
    standIn.failNext('/webhook/view', 'hang');
    const error = await api(150).viewWebhooks({ subaccountId: 'x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'Smtp2goApiError', retryable: true, message: 'smtp2go did not answer in time' });
  });

  it('send: a 429 with Retry-After is a retryable EmailSendError carrying the delay', async () => {
    standIn.failNext('/email/send', { status: 429, retryAfter: '7' });
    await expect(sender().send(message)).rejects.toMatchObject({ name: 'EmailSendError', retryable: true, status: 429, retryAfterMs: 7000 });
    const sent = standIn.sent.length;
    await expect(sender().send(message)).resolves.toMatchObject({ providerMessageId: expect.any(String) });
    expect(standIn.sent.length).toBe(sent + 1);
  });

  it('send: 5xx and a timeout are retryable; a sub-account key sends as that sub-account', async () => {
    standIn.failNext('/email/send', { status: 503 });
    await expect(sender().send(message)).rejects.toMatchObject({ retryable: true, status: 503, retryAfterMs: undefined });
    standIn.failNext('/email/send', 'hang');
    await expect(sender(150).send(message)).rejects.toMatchObject({ retryable: true, code: 'timeout' });

    const { id } = await api().addSubaccount({ fullname: 'Shopfront store B' });
    const { apiKey } = await api().addApiKey({ subaccountId: id, description: 'B' });
    await sender().forSubaccount(apiKey).send(message);
    expect(standIn.sent.at(-1)!.subaccountId).toBe(id);
  });
});
