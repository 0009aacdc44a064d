import { PLAN_STORE_LIMITS } from '@shopfront/core';
import { Link } from 'react-router';
import { Button, buttonClasses } from '#src/components/ui/button.tsx';
import { planName, type StoreAllowance } from '../lib/store-allowance.ts';

const stores = (count: number) => `${count} ${count === 1 ? 'store' : 'stores'}`;

/** The dashboard's plan and billing page (modes/dashboard/paths.ts `billing`). */
const BILLING_PATH = '/dashboard/settings/billing';

/**
 * Shown instead of the create-store form when the creator is at their plan's store limit, so
 * nobody fills in a form the server would refuse. It names the smallest plan that allows another
 * store and links to the billing page to upgrade.
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
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onClose ? (
          <Button variant="secondary" onClick={onClose}>
            Got it
          </Button>
        ) : null}
        {limitedBy === 'plan' && upgradeTo ? (
          <Link className={buttonClasses('primary')} to={BILLING_PATH} onClick={onClose}>
            Upgrade to {planName(upgradeTo)}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
