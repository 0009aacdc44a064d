import { MESSAGES } from '@shopfront/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { regionStatus } from '#src/db/schema/index.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { signedInAdmin, signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';

// A fixed clock near the real one, so the test sessions stay valid.
const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
const ago = (ms: number) => new Date(NOW.getTime() - ms);

let t: TestApp;
let admin: TestCreator;

beforeAll(async () => {
  t = await createTestApp({ env: testEnv({ MIRROR_MAX_LAG_MS: '2500' }), now: () => NOW });
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(regionStatus);
});

const report = (overrides: Partial<typeof regionStatus.$inferInsert> = {}): typeof regionStatus.$inferInsert => ({
  region: 'sydney',
  state: 'streaming',
  readsFrom: 'mirror',
  lagMs: 38,
  lagP50Ms: 35,
  lagP99Ms: 80,
  detail: null,
  checkedAt: ago(3_000),
  ...overrides,
});

const regionStatusAs = async (as: TestCreator) => (await callFunction(t.app, 'getRegionStatus', {}, { as })).json();

describe('getRegionStatus', () => {
  it('answers every reported region, ordered by name, with this server region and the lag limit', async () => {
    await t.db.insert(regionStatus).values([
      report({ region: 'tokyo', state: 'down', readsFrom: 'primary', lagMs: null, lagP50Ms: null, lagP99Ms: null, detail: 'connection refused' }),
      report(),
    ]);
    expect(await regionStatusAs(admin)).toEqual({
      result: {
        primaryRegion: 'us-central',
        servedFrom: 'us-central',
        maxLagMs: 2500,
        regions: [
          { region: 'sydney', state: 'streaming', readsFrom: 'mirror', lagMs: 38, lagP50Ms: 35, lagP99Ms: 80, detail: null, checkedAt: ago(3_000).toISOString(), stale: false },
          { region: 'tokyo', state: 'down', readsFrom: 'primary', lagMs: null, lagP50Ms: null, lagP99Ms: null, detail: 'connection refused', checkedAt: ago(3_000).toISOString(), stale: false },
        ],
      },
    });
  });

  it('flags a report older than 30 s as stale, and one exactly 30 s old as not', async () => {
    await t.db.insert(regionStatus).values([report({ region: 'a-on-the-limit', checkedAt: ago(30_000) }), report({ region: 'b-past-the-limit', checkedAt: ago(30_001) })]);
    const { regions } = (await regionStatusAs(admin)).result;
    expect(regions.map((r: { region: string; stale: boolean }) => [r.region, r.stale])).toEqual([
      ['a-on-the-limit', false],
      ['b-past-the-limit', true],
    ]);
  });

  it('shows a state it does not know as down, saying what was reported', async () => {
    await t.db.insert(regionStatus).values(report({ state: 'paused', readsFrom: 'elsewhere', detail: 'by hand' }));
    const [row] = (await regionStatusAs(admin)).result.regions;
    expect(row).toMatchObject({ state: 'down', readsFrom: 'primary', detail: 'Unrecognised state "paused" reported. by hand' });
  });

  it('answers no regions when no mirror has reported', async () => {
    expect((await regionStatusAs(admin)).result).toEqual({ primaryRegion: 'us-central', servedFrom: 'us-central', maxLagMs: 2500, regions: [] });
  });

  it('names the region of the server that answered', async () => {
    const sydney = await createTestApp({ env: testEnv({ REGION: 'sydney' }), now: () => NOW });
    try {
      const boss = await signedInAdmin(sydney);
      const answer = (await callFunction(sydney.app, 'getRegionStatus', null, { as: boss })).json();
      expect(answer.result).toMatchObject({ servedFrom: 'sydney', maxLagMs: 5000 });
    } finally {
      await sydney.close();
    }
  });

  it('is refused to a creator who is not an admin', async () => {
    await t.db.insert(regionStatus).values(report());
    const creator = await signedInCreator(t);
    const refused = await callFunction(t.app, 'getRegionStatus', {}, { as: creator });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: { status: 'PERMISSION_DENIED', message: MESSAGES.admin.permissionDenied } });
  });
});
