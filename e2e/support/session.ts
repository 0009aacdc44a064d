import type { APIRequestContext, Page } from '@playwright/test';

/** Asks `getCurrentUser` from inside the page, so the browser sends its own cookie and Origin. */
export async function currentUserIn(page: Page): Promise<{ email: string } | null> {
  return page.evaluate(async () => {
    const response = await fetch('/fn/getCurrentUser', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: {} }),
    });
    const body = (await response.json()) as { result?: { email: string } | null; error?: { message: string } };
    if (body.error) throw new Error(`getCurrentUser failed: ${body.error.message}`);
    return body.result ?? null;
  });
}

export async function signInWith(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Whether the server registers a callable function (an unknown name answers 404). */
export async function serverHasFunction(request: APIRequestContext, name: string): Promise<boolean> {
  const response = await request.post(`/fn/${name}`, { data: { data: {} } });
  return response.status() !== 404;
}
