import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailSendError } from './email-send-error.ts';
import { createSmtp2goProvider } from './smtp2go-provider.ts';

interface Recorded {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: unknown;
}
type Reply = { status: number; body: unknown };

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A local stand-in for api.smtp2go.com answering every request with `reply`. */
async function standIn(reply: (req: Recorded) => Reply) {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const recorded = { method: req.method, url: req.url, headers: req.headers, body: JSON.parse(raw) as unknown };
      requests.push(recorded);
      const { status, body } = reply(recorded);
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`;
  return { baseUrl, requests };
}

const ok = { status: 200, body: { request_id: 'r-1', data: { succeeded: 1, failed: 0, failures: [], email_id: '1qXyZ-abc' } } };
const message = {
  to: 'Ada <ada@example.com>',
  subject: '482915 is your Shopfront verification code',
  text: 'Code: 482915',
  html: '<p>Code: <b>482915</b></p>',
};

describe('smtp2go provider against a local stand-in', () => {
  it('POSTs the message to /email/send with the API key header and returns email_id', async () => {
    const api = await standIn(() => ok);
    const smtp2go = createSmtp2goProvider({ apiKey: 'api-MASTER', from: 'Shopfront <no-reply@shopfront.test>', baseUrl: api.baseUrl });

    const sent = await smtp2go.send({ ...message, replyTo: 'help@shopfront.test', headers: { 'X-Shopfront-Kind': 'verification' } });

    expect(sent).toEqual({ providerMessageId: '1qXyZ-abc' });
    expect(api.requests).toHaveLength(1);
    const [request] = api.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v3/email/send');
    expect(request?.headers['x-smtp2go-api-key']).toBe('api-MASTER');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({
      sender: 'Shopfront <no-reply@shopfront.test>',
      to: ['Ada <ada@example.com>'],
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      custom_headers: [
        { header: 'X-Shopfront-Kind', value: 'verification' },
        { header: 'Reply-To', value: 'help@shopfront.test' },
      ],
    });
  });

  it('uses the message sender when given and sends no custom_headers when there are none', async () => {
    const api = await standIn(() => ok);
    await createSmtp2goProvider({ apiKey: 'k', from: 'a@b.test', baseUrl: `${api.baseUrl}/` }).send({ ...message, from: 'Store <shop@store.test>' });
    expect(api.requests[0]?.url).toBe('/v3/email/send');
    expect(api.requests[0]?.body).toMatchObject({ sender: 'Store <shop@store.test>' });
    expect(api.requests[0]?.body).not.toHaveProperty('custom_headers');
  });

  it('sends text attachments (a calendar invite) as base64 with their MIME type', async () => {
    const api = await standIn(() => ok);
    const invite = 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nSUMMARY:Café call\r\nEND:VCALENDAR\r\n';
    await createSmtp2goProvider({ apiKey: 'k', from: 'a@b.test', baseUrl: api.baseUrl }).send({ ...message, attachments: [{ filename: 'invite.ics', contentType: 'text/calendar; method=REQUEST', content: invite }] });
    expect(api.requests[0]?.body).toMatchObject({ attachments: [{ filename: 'invite.ics', mimetype: 'text/calendar; method=REQUEST', fileblob: Buffer.from(invite, 'utf8').toString('base64') }] });
  });

  it('forSubaccount sends with the sub-account key to the same endpoint', async () => {
    const api = await standIn(() => ok);
    const platform = createSmtp2goProvider({ apiKey: 'api-MASTER', from: 'a@b.test', baseUrl: api.baseUrl });
    await platform.forSubaccount('api-STORE-7').send(message);
    await platform.send(message);
    expect(api.requests.map((r) => r.headers['x-smtp2go-api-key'])).toEqual(['api-STORE-7', 'api-MASTER']);
  });

  it('401 is a permanent failure whose message never contains the API key', async () => {
    const api = await standIn(() => ({
      status: 401,
      body: { data: { error: 'Invalid API key api-WRONG', error_code: 'E_ApiResponseCodes.API_KEY_INVALID' } },
    }));
    const sending = createSmtp2goProvider({ apiKey: 'api-WRONG', from: 'a@b.test', baseUrl: api.baseUrl }).send(message);
    await expect(sending).rejects.toBeInstanceOf(EmailSendError);
    await expect(sending).rejects.toMatchObject({ provider: 'smtp2go', retryable: false, status: 401, code: 'E_ApiResponseCodes.API_KEY_INVALID' });
    await expect(sending).rejects.toThrow('smtp2go send failed: HTTP 401: Invalid API key [redacted]');
  });

  it.each([
    [429, true],
    [500, true],
    [503, true],
    [400, false],
    [402, false],
  ])('HTTP %i → retryable %s', async (status, retryable) => {
    const api = await standIn(() => ({ status, body: { data: { error: 'nope' } } }));
    const sending = createSmtp2goProvider({ apiKey: 'k', from: 'a@b.test', baseUrl: api.baseUrl }).send(message);
    await expect(sending).rejects.toMatchObject({ retryable, status });
  });

  it('a 200 that reports the recipient as failed is a permanent failure', async () => {
    const api = await standIn(() => ({ status: 200, body: { data: { succeeded: 0, failed: 1, failures: ['ada@example.com'] } } }));
    const sending = createSmtp2goProvider({ apiKey: 'k', from: 'a@b.test', baseUrl: api.baseUrl }).send(message);
    await expect(sending).rejects.toMatchObject({ retryable: false, code: 'recipient_failed' });
  });

  it('an unreachable API is a temporary failure', async () => {
    const api = await standIn(() => ok);
    await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
    const sending = createSmtp2goProvider({ apiKey: 'k', from: 'a@b.test', baseUrl: api.baseUrl }).send(message);
    await expect(sending).rejects.toMatchObject({ retryable: true, code: 'network' });
  });

  it('uses the injected fetch', async () => {
    const calls: string[] = [];
    const fakeFetch: typeof fetch = async (input) => {
      calls.push(String(input));
      return new Response(JSON.stringify(ok.body), { status: 200 });
    };
    const sent = await createSmtp2goProvider({ apiKey: 'k', from: 'a@b.test', fetch: fakeFetch }).send(message);
    expect(calls).toEqual(['https://api.smtp2go.com/v3/email/send']);
    expect(sent.providerMessageId).toBe('1qXyZ-abc');
  });
});
