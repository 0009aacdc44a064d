import { expect, type APIRequestContext } from '@playwright/test';

/** An attachment of a message (a calendar invite), downloadable from `url`. */
export interface MailboxAttachment {
  filename: string;
  contentType: string;
  size: number;
  url: string;
}

/** One message of the dev outbox, as `GET /debug/mailbox.json` lists them (newest first). */
export interface MailboxMessage {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
  attachments: MailboxAttachment[];
}

/** Every message sent to `to`, newest first (NODE_ENV=test, so the dev mailbox exists). */
export async function readMailbox(request: APIRequestContext, to: string): Promise<MailboxMessage[]> {
  const response = await request.get(`/debug/mailbox.json?${new URLSearchParams({ to })}`);
  expect(response.ok(), `GET /debug/mailbox.json answered ${response.status()}`).toBe(true);
  return (await response.json()) as MailboxMessage[];
}

/** The ids already in the mailbox: a later `waitForCode` ignores them. */
export async function mailboxIds(request: APIRequestContext, to: string): Promise<Set<string>> {
  return new Set((await readMailbox(request, to)).map((message) => message.id));
}

/**
 * Waits for a new message to `to` whose subject matches, and returns the 6-digit code it carries.
 * Codes are read from the outbox (never from logs). Delivery runs in the job worker, so
 * the message may take a moment: Playwright polls.
 */
export async function waitForCode(
  request: APIRequestContext,
  to: string,
  options: { subject: RegExp; ignore?: Set<string> },
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const fresh = (await readMailbox(request, to)).find((message) => !options.ignore?.has(message.id) && options.subject.test(message.subject));
        code = fresh ? /\b(\d{6})\b/.exec(`${fresh.subject}\n${fresh.text}`)?.[1] : undefined;
        return code;
      },
      { message: `a message to ${to} matching ${options.subject}`, timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code as string;
}

export const SUBJECTS = {
  signupCode: /verification code/i,
  resetCode: /password reset code/i,
  signInLink: /sign in/i,
} as const;

/** An address no other test in this run uses. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}@example.com`;
}

/** Waits (up to 15 s) for a message to `to` whose subject matches, and answers it. */
export async function waitForMessage(request: APIRequestContext, to: string, subject: RegExp): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await readMailbox(request, to)).find((message) => subject.test(message.subject));
        return found?.id;
      },
      { message: `a message to ${to} matching ${subject}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return found!;
}

/** The order access link a receipt (or a free download's email) carries: its downloads, or the course to start in the members area. */
export function accessLinkIn(message: MailboxMessage): string {
  const link = /https?:\/\/\S+\/(?:api\/downloads|members\/courses)\/[A-Za-z0-9_.-]+/.exec(message.text)?.[0];
  if (!link) throw new Error(`no access link in "${message.subject}"`);
  return link;
}

/** Waits for the receipt email to `to` and answers its order access link. */
export async function receiptLink(request: APIRequestContext, to: string, subject = /receipt/i): Promise<string> {
  return accessLinkIn(await waitForMessage(request, to, subject));
}

/** The text of a message's attachment, downloaded from the dev mailbox. */
export async function readAttachment(request: APIRequestContext, attachment: MailboxAttachment): Promise<string> {
  const response = await request.get(attachment.url);
  expect(response.ok(), `GET ${attachment.url} answered ${response.status()}`).toBe(true);
  return response.text();
}

/** The calendar invite (`.ics`) a message carries: its METHOD, and its event's UID and SEQUENCE. */
export async function inviteIn(request: APIRequestContext, message: MailboxMessage): Promise<{ method: string; uid: string; sequence: number; raw: string }> {
  const file = message.attachments.find((attachment) => attachment.filename.endsWith('.ics'));
  if (!file) throw new Error(`no .ics attached to "${message.subject}"`);
  // Long lines fold onto the next one behind a space (RFC 5545 §3.1).
  const raw = (await readAttachment(request, file)).replace(/\r?\n[ \t]/g, '');
  const field = (name: string) => new RegExp(`^${name}(?:;[^:\\r\\n]*)?:(.*)$`, 'm').exec(raw)?.[1]?.trim() ?? '';
  return { method: field('METHOD'), uid: field('UID'), sequence: Number(field('SEQUENCE') || 0), raw };
}
