import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';
import { callFunction, WEB_APP } from '#src/testing/call-function.ts';

describe('getAuthProviders', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((t) => t.close())));

  it('lists no provider when none is configured', async () => {
    const t = await createTestApp();
    apps.push(t);
    expect((await callFunction(t.app, 'getAuthProviders', null, { as: WEB_APP })).json()).toEqual({ result: [] });
  });

  it('lists the providers the operator configured, without their secrets', async () => {
    const t = await createTestApp({
      env: testEnv({ GITHUB_CLIENT_ID: 'gh-client', GITHUB_CLIENT_SECRET: 'gh-secret-value' }),
    });
    apps.push(t);
    const response = await callFunction(t.app, 'getAuthProviders', null, { as: WEB_APP });
    expect(response.json()).toEqual({ result: [{ id: 'github', label: 'GitHub' }] });
    expect(response.body).not.toContain('gh-secret-value');
  });
});
