import type { MyAffiliate } from '@shopfront/core';
import { useId } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useApplyAsAffiliate } from '#src/features/members/api/affiliate-api.ts';

type Program = NonNullable<MyAffiliate['program']>;

export const APPROVAL_REQUIRED_TEXT = 'Approval required: the creator reviews each application before your links start earning.';

function days(count: number): string {
  return count === 1 ? '1 day' : `${count} days`;
}

/** The program's terms for a customer who has not joined, and the button that joins (or applies). */
export function AffiliateTerms({ storeId, storeName, program }: { storeId: string; storeName: string; program: Program }) {
  const id = useId();
  const apply = useApplyAsAffiliate(storeId);
  const approval = program.joinMode === 'approval';
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          Earn by sharing {storeName}
        </h2>
        <p className="mt-1 text-sm text-slate-600">Get your own links to the store and its products. When someone buys through them, you earn a commission.</p>
      </div>
      <dl className="sf-members-item divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
        <Term name="Commission" value={`${program.commissionPercent}% of each sale`} />
        <Term name="Attribution window" value={`Purchases up to ${days(program.windowDays)} after someone opens your link`} />
        <Term
          name="Holding period"
          value={program.holdingDays === 0 ? 'Commissions are payable as soon as the sale is paid' : `Commissions become payable ${days(program.holdingDays)} after the sale, once refunds have had time to land`}
        />
      </dl>
      {approval ? <p className="text-sm font-medium text-slate-800">{APPROVAL_REQUIRED_TEXT}</p> : null}
      {apply.isError ? <Alert>{errorMessage(apply.error)}</Alert> : null}
      <Button className="w-full sm:w-auto" disabled={apply.isPending} aria-busy={apply.isPending} onClick={() => apply.mutate()}>
        {apply.isPending ? (approval ? 'Sending your application…' : 'Joining…') : approval ? 'Apply' : 'Become an affiliate'}
      </Button>
    </section>
  );
}

function Term({ name, value }: { name: string; value: string }) {
  return (
    <div className="p-4">
      <dt className="text-sm font-medium text-slate-600">{name}</dt>
      <dd className="mt-0.5 font-semibold text-slate-900">{value}</dd>
    </div>
  );
}
