import type { AffiliateAction, AffiliateSummary } from '@shopfront/core';
import { Button } from '#src/components/ui/button.tsx';

const SMALL = 'min-h-9 px-3 py-1.5';

/** What applies to the affiliate's status: approve a pending one, pause or resume, remove; Mark paid when something is payable. */
export function RowActions({
  affiliate,
  busy,
  onAction,
  onPay,
}: {
  affiliate: AffiliateSummary;
  busy: boolean;
  onAction: (affiliate: AffiliateSummary, action: AffiliateAction) => void;
  onPay: (affiliate: AffiliateSummary) => void;
}) {
  const name = affiliate.name || affiliate.email;
  const action = (kind: AffiliateAction, label: string, variant: 'primary' | 'secondary' | 'ghost' = 'secondary') => (
    <Button key={kind} variant={variant} className={SMALL} disabled={busy} aria-busy={busy} aria-label={`${label} ${name}`} onClick={() => onAction(affiliate, kind)}>
      {label}
    </Button>
  );
  return (
    <div className="flex max-w-64 min-w-40 flex-wrap justify-end gap-2">
      {affiliate.status === 'pending' ? action('approve', 'Approve', 'primary') : null}
      {affiliate.status === 'active' ? action('pause', 'Pause') : null}
      {affiliate.status === 'paused' ? action('resume', 'Resume') : null}
      {affiliate.payableCents > 0 ? (
        <Button variant="primary" className={SMALL} aria-label={`Mark paid: ${name}`} onClick={() => onPay(affiliate)}>
          Mark paid
        </Button>
      ) : null}
      {affiliate.status !== 'removed' ? action('remove', 'Remove', 'ghost') : null}
    </div>
  );
}
