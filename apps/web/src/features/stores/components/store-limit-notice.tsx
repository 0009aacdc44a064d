import { PLAN_STORE_LIMITS } from '@shopfront/core';
import { Button } from '#src/components/ui/button.tsx';
import { planName, type StoreAllowance } from '../lib/store-allowance.ts';

const stores = (count: number) => `${count} ${count === 1 ? 'store' : 'stores'}`;

/**
 * Shown instead of the create-store form when the creator is at their plan's store limit, so
 * nobody fills in a form the server would refuse. Plans are changed by the platform's operator
 * until billing exists, so the way forward is to contact them (no link to a page that is not there).
 */
export function StoreLimitNotice({ allowance, onClose }: { allowance: StoreAllowance; onClose?: () => void }) {
  const { plan, limit, upgradeTo, limitedBy } = allowance;
  return (
    <div className="space-y-4">
      <div role="status" className="rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200">
        <p className="font-semibold">You&apos;ve reached your store limit.</p>
        <p className="mt-1">
          {limitedBy === 'platform'
            ? `This platform allows ${stores(limit)} per creator for now.`
            : upgradeTo
              ? `Your ${planName(plan)} plan includes ${stores(limit)}. The ${planName(upgradeTo)} plan allows ${stores(PLAN_STORE_LIMITS[upgradeTo])}.`
              : `Your ${planName(plan)} plan includes ${stores(limit)}, the most any plan allows.`}
        </p>
        <p className="mt-1">To create more stores, contact the platform.</p>
      </div>
      {onClose ? (
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Got it
          </Button>
        </div>
      ) : null}
    </div>
  );
}
