// Exports createChargeTestPlanInstalmentJob: the test provider's instalment job, one job per charge (instalment and attempt), on the store's test clock.
import type { Database } from '#src/db/client.ts';
import { PermanentJobError, type JobHandler } from '#src/jobs/types.ts';
import { chargeTestPlanInstalment } from './charge-test-plan-instalment.ts';
import { CHARGE_TEST_PLAN_INSTALMENT_KIND, type TestPlanCharge } from './schedule-plan-charge.ts';

const isCharge = (value: unknown): value is TestPlanCharge => {
  const payload = value as Partial<TestPlanCharge> | null;
  return typeof payload?.planId === 'string' && Number.isInteger(payload.instalment) && Number.isInteger(payload.attempt);
};

export function createChargeTestPlanInstalmentJob(options: { db: Database; publicUrl: string }): JobHandler {
  return {
    kind: CHARGE_TEST_PLAN_INSTALMENT_KIND,
    async run(job, ctx) {
      if (!isCharge(job.payload)) throw new PermanentJobError('charge-test-plan-instalment: bad payload');
      const result = await chargeTestPlanInstalment(options.db, job.payload, { now: ctx.now(), publicUrl: options.publicUrl, complete: ctx.complete });
      if (result !== 'paid' && result !== 'failed') ctx.log.info({ planId: job.payload.planId, result }, 'test plan instalment not charged');
    },
  };
}
