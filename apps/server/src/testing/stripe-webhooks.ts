// Exports the Stripe webhook test helpers: a suite with the stand-in and an app that talks to it, and signed deliveries.
import { afterAll, beforeAll } from 'vitest';
import { signedStripeWebhook, startStripeStandIn, stripeStandInEnv, type StripeStandIn } from './stripe-stand-in.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { testEnv } from './test-env.ts';

/**
 * For one describe block: the Stripe stand-in and an app that talks to it, started before its
 * tests and closed after. `t` and `standIn` are read inside the tests (they are set by then).
 */
export function stripeSuite() {
  const suite = { t: undefined as unknown as TestApp, standIn: undefined as unknown as StripeStandIn };
  beforeAll(async () => {
    suite.standIn = await startStripeStandIn();
    suite.t = await createTestApp({ env: testEnv(stripeStandInEnv(suite.standIn)) });
  });
  afterAll(async () => {
    await suite.t?.close();
    await suite.standIn?.close();
  });
  return suite;
}

export type StripeSuite = ReturnType<typeof stripeSuite>;

/** A webhook delivery signed with the stand-in's secret; answers the route's outcome. */
export async function deliver(t: TestApp, event: Record<string, unknown>): Promise<string> {
  const delivery = signedStripeWebhook(event);
  const reply = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: delivery.headers, payload: delivery.payload });
  if (reply.statusCode !== 200) throw new Error(`webhook answered ${reply.statusCode} ${reply.body}`);
  return (reply.json() as { outcome: string }).outcome;
}
