import { callFunction } from './server.ts';

interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
}

/** Signs up a creator through the front door, reading the code from the dev mailbox. */
export async function signUpCreator(baseUrl: string, publicUrl: string, email: string, password: string): Promise<void> {
  const origin = { origin: publicUrl };
  await callFunction(baseUrl, 'sendVerificationCode', { email, type: 'signup' }, origin);
  const code = await waitForCode(baseUrl, email);
  await callFunction(baseUrl, 'verifyEmailCode', { email, code }, origin);
  await callFunction(baseUrl, 'signUp', { email, password, firstName: 'Bench', lastName: 'Mark' }, origin);
}

async function waitForCode(baseUrl: string, email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl}/debug/mailbox.json?to=${encodeURIComponent(email)}`);
    const messages = (await res.json()) as MailboxMessage[];
    const code = messages[0]?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no verification code arrived for ${email}`);
}
