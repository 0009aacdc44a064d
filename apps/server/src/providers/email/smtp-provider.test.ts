import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailSendError } from './email-send-error.ts';
import { createSmtpProvider, type SmtpConfig } from './smtp-provider.ts';
import { verificationCodeEmail } from './templates/index.ts';
import { decodeBody, parseEntity, parseMultipart } from '#src/testing/mime.ts';
import { smtpReply, startSmtpTestServer, type SmtpTestServer } from '#src/testing/smtp-test-server.ts';

const FROM = 'Shopfront <no-reply@shopfront.test>';
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serve(options: Parameters<typeof startSmtpTestServer>[0] = {}): Promise<SmtpTestServer> {
  const server = await startSmtpTestServer(options);
  cleanups.push(() => server.close());
  return server;
}

function provider(port: number, extra: Partial<SmtpConfig> = {}) {
  const smtp = createSmtpProvider({ host: '127.0.0.1', port, secure: false, from: FROM, ...extra });
  cleanups.push(() => smtp.close());
  return smtp;
}

const message = () => ({ to: 'Ada Lovelace <ada@example.com>', ...verificationCodeEmail({ code: '482915' }) });

describe('smtp provider against a real SMTP server', () => {
  it('delivers a multipart/alternative message with the code in both parts', async () => {
    const server = await serve();
    const sent = await provider(server.port).send({ ...message(), replyTo: 'help@shopfront.test', headers: { 'X-Shopfront-Kind': 'verification' } });

    expect(server.received).toHaveLength(1);
    const mail = server.received[0]!;
    expect(mail.from).toBe('no-reply@shopfront.test');
    expect(mail.to).toEqual(['ada@example.com']);

    const root = parseEntity(mail.raw);
    expect(root.headers.get('to')).toBe('Ada Lovelace <ada@example.com>');
    expect(root.headers.get('from')).toBe(FROM);
    expect(root.headers.get('subject')).toBe('482915 is your Shopfront verification code');
    expect(root.headers.get('reply-to')).toBe('help@shopfront.test');
    expect(root.headers.get('x-shopfront-kind')).toBe('verification');
    expect(root.headers.get('message-id')).toBe(sent.providerMessageId);
    expect(root.headers.get('content-type')).toMatch(/^multipart\/alternative;/);

    const parts = parseMultipart(root);
    expect(parts.map((p) => p.headers.get('content-type')?.split(';')[0])).toEqual(['text/plain', 'text/html']);
    const [text, html] = parts.map(decodeBody);
    expect(text).toContain('482915');
    expect(text).toContain('expires in 10 minutes');
    expect(html).toContain('482915');
    expect(html).toMatch(/<html[\s>]/);
  });

  it('sends a calendar invite as a text/calendar attachment beside the text and HTML parts', async () => {
    const server = await serve();
    const invite = 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nSUMMARY:Café call\r\nEND:VCALENDAR\r\n';
    await provider(server.port).send({ ...message(), attachments: [{ filename: 'invite.ics', contentType: 'text/calendar; method=REQUEST', content: invite }] });
    const root = parseEntity(server.received[0]!.raw);
    expect(root.headers.get('content-type')).toMatch(/^multipart\/mixed;/);
    const [body, file] = parseMultipart(root);
    expect(parseMultipart(body!).map((p) => p.headers.get('content-type')?.split(';')[0])).toEqual(['text/plain', 'text/html']);
    expect(file!.headers.get('content-type')).toMatch(/^text\/calendar; method=REQUEST; charset=utf-8/);
    expect(file!.headers.get('content-disposition')).toMatch(/filename=invite\.ics/);
    expect(decodeBody(file!)).toBe(invite);
  });

  it('logs in with AUTH PLAIN when a user is configured', async () => {
    const server = await serve({
      authOptional: false,
      authMethods: ['PLAIN'],
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 's3cret') callback(null, { user: auth.username });
        else callback(smtpReply(535, 'Authentication failed'));
      },
    });

    await provider(server.port, { user: 'mailer', pass: 's3cret' }).send(message());
    expect(server.received.map((m) => m.user)).toEqual(['mailer']);

    const wrong = provider(server.port, { user: 'mailer', pass: 'wrong' }).send(message());
    await expect(wrong).rejects.toMatchObject({ name: 'EmailSendError', retryable: false, status: 535, code: 'EAUTH' });
    await expect(wrong).rejects.not.toThrow(/wrong/);
    expect(server.received).toHaveLength(1);
  });

  it('a recipient refused with 550 is a permanent failure', async () => {
    const server = await serve({ onRcptTo: (_address, _session, callback) => callback(smtpReply(550, 'No such user here')) });

    const sending = provider(server.port).send(message());
    await expect(sending).rejects.toBeInstanceOf(EmailSendError);
    await expect(sending).rejects.toMatchObject({ provider: 'smtp', retryable: false, status: 550 });
    await expect(sending).rejects.toThrow(/No such user here/);
    expect(server.received).toHaveLength(0);
  });

  it('a 451 after DATA is a temporary failure', async () => {
    const server = await serve({
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => callback(smtpReply(451, 'Try again later')));
      },
    });
    await expect(provider(server.port).send(message())).rejects.toMatchObject({ retryable: true, status: 451 });
  });

  it('a 421 on MAIL FROM (service closing) is a temporary failure', async () => {
    const server = await serve({ onMailFrom: (_address, _session, callback) => callback(smtpReply(421, 'Too busy')) });
    await expect(provider(server.port).send(message())).rejects.toMatchObject({ retryable: true, status: 421 });
  });

  it('a refused connection is a temporary failure', async () => {
    const port = await closedPort();
    await expect(provider(port).send(message())).rejects.toMatchObject({ name: 'EmailSendError', retryable: true, status: undefined });
  });

  it('a server that never greets times out as a temporary failure', async () => {
    const silent = createServer(() => {});
    await listen(silent);
    cleanups.push(() => closeServer(silent));
    const port = (silent.address() as AddressInfo).port;

    const smtp = provider(port, { timeouts: { greetingMs: 200 } });
    await expect(smtp.send(message())).rejects.toMatchObject({ retryable: true, code: 'ETIMEDOUT' });
  });

  it('verify() succeeds against a live server and fails retryably against a closed port', async () => {
    const server = await serve();
    await expect(provider(server.port).verify()).resolves.toBeUndefined();
    await expect(provider(await closedPort()).verify()).rejects.toMatchObject({ retryable: true });
  });
});

function listen(server: Server): Promise<void> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await listen(server);
  const { port } = server.address() as AddressInfo;
  await closeServer(server);
  return port;
}
