import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '#src/testing/test-app.ts';
import { latestCode } from '#src/testing/emails.ts';
import { callFunction, WEB_APP } from '#src/testing/call-function.ts';

export function customerSetCookie(response: LightMyRequestResponse, storeId: string): string | undefined {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all.find((line) => line.startsWith(`sfc_${storeId}=`));
}

/** The token a members-area sign-in set in the store's cookie. */
export function customerToken(response: LightMyRequestResponse, storeId: string): string {
  const cookie = customerSetCookie(response, storeId);
  const token = cookie?.split(';')[0]?.split('=')[1];
  if (response.statusCode !== 200 || !token) throw new Error(`no customer cookie: ${response.body}`);
  return token;
}

export function customerCookie(storeId: string, token: string): Record<string, string> {
  return { cookie: `sfc_${storeId}=${token}` };
}

/** Code by email, then customerSignUp; answers the reply. */
export async function signUpCustomer(
  t: TestApp,
  options: { storeId: string; email: string; password: string; name?: string },
): Promise<LightMyRequestResponse> {
  const sent = await callFunction(t.app, 'sendCustomerCode', { storeId: options.storeId, email: options.email, type: 'signup' }, { as: WEB_APP });
  if (sent.statusCode !== 200) throw new Error(`sendCustomerCode failed: ${sent.body}`);
  const code = await latestCode(t, options.email);
  return callFunction(
  t.app,
  'customerSignUp',
  {
    storeId: options.storeId,
    name: options.name ?? 'Cara Customer',
    email: options.email,
    password: options.password,
    confirmPassword: options.password,
    code,
  },
  { as: WEB_APP },
);
}

export function customerSignIn(t: TestApp, storeId: string, email: string, password: string) {
  return callFunction(t.app, 'customerSignIn', { storeId, email, password }, { as: WEB_APP });
}
