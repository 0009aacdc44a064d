import type { Env } from '#src/env.ts';

/**
 * The crash drills' window: with `AUTOMATION_DRILL_HOLD` (honoured only with NODE_ENV=test, env.ts)
 * set to a point, an SMTP / smtp2go email step waits there for a minute, so a SIGKILL sent
 * meanwhile lands exactly in that window. `after-accept`: the provider has accepted the message,
 * the row is not yet marked `sent`. `after-mark`: the row is `sent`, the step and the next job are
 * not yet recorded. Unset (always, outside the drills) it returns at once.
 */
export type DrillHoldPoint = NonNullable<Env['emailCampaigns']['drillHold']>;

const HOLD_MS = 60_000;

export async function drillHold(configured: DrillHoldPoint | undefined, point: DrillHoldPoint): Promise<void> {
  if (configured !== point) return;
  // A JSON log line the drill waits for: the process is now inside the window.
  process.stdout.write(`${JSON.stringify({ level: 30, msg: 'automation drill hold', point })}\n`);
  await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
}
