import { formatBytes, formatMoney, orderWording, PAYMENT_PLAN_MESSAGES, type Purchase } from '@shopfront/core';
import { Alert } from '#src/components/ui/alert.tsx';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { cn } from '#src/components/ui/cn.ts';
import { formatPurchaseDate, safeHttpUrl } from '../format.ts';
import { PLANS_HEADING_ID } from './payment-plans/payment-plans-section.tsx';

export const REFUNDED_TEXT = 'Refunded — downloads are no longer available';

/**
 * One purchase: cover, title, date, amount, and its downloads (or link, or the refund notice). A
 * locked payment plan's purchase shows why its files are withheld and links to "Update card" above.
 */
export function PurchaseCard({ purchase }: { purchase: Purchase }) {
  const refunded = purchase.status === 'refunded';
  const cover = safeHttpUrl(purchase.product.coverImageUrl, { allowPath: true });
  const link = purchase.product.type === 'link' ? safeHttpUrl(purchase.product.externalUrl) : null;
  const titleId = `purchase-${purchase.orderId}`;

  return (
    <li>
      <article aria-labelledby={titleId} data-testid="purchase" className={cn('sf-members-item overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200', refunded && 'opacity-60')}>
        <div className="flex gap-4 p-4">
          {cover ? (
            <img src={cover} alt={purchase.product.title} loading="lazy" decoding="async" className="size-20 shrink-0 rounded-xl bg-slate-100 object-cover sm:size-24" />
          ) : (
            <div aria-hidden="true" className="sf-members-cover size-20 shrink-0 rounded-xl bg-gradient-to-br from-brand-100 to-brand-50 sm:size-24" />
          )}
          <div className="min-w-0 flex-1">
            <h3 id={titleId} className="font-semibold text-slate-900 wrap-anywhere">
              {purchase.product.title}
            </h3>
            <p className="mt-0.5 text-sm text-slate-500">
              {orderWording({ amountCents: purchase.amountCents, productType: purchase.product.type }).dateLabel}{' '}
              <time dateTime={purchase.createdAt}>{formatPurchaseDate(purchase.createdAt)}</time> · {purchase.amountCents === 0 ? 'Free' : formatMoney(purchase.amountCents, purchase.currency)}
            </p>
            {refunded ? <p className="mt-2 text-sm font-medium text-slate-700">{REFUNDED_TEXT}</p> : null}
          </div>
        </div>
        {!refunded && purchase.planLocked ? (
          <div className="border-t border-slate-100 p-4">
            <Alert tone="warning">
              {PAYMENT_PLAN_MESSAGES.downloadLocked}.{' '}
              <a href={`#${PLANS_HEADING_ID}`} className="font-semibold underline underline-offset-2">
                Update your card
              </a>
            </Alert>
          </div>
        ) : !refunded && (purchase.files.length > 0 || link) ? (
          <div className="space-y-2 border-t border-slate-100 p-4">
            {purchase.files.map((file) => {
              const href = safeHttpUrl(file.url, { allowPath: true });
              if (!href) return null;
              return (
                <a key={file.id} href={href} download={file.name} className={buttonClasses('secondary', 'w-full justify-between')}>
                  <span className="min-w-0 truncate">
                    Download <span className="font-normal">{file.name}</span>
                  </span>
                  <span className="shrink-0 text-xs font-normal text-slate-500">{formatBytes(file.sizeBytes)}</span>
                </a>
              );
            })}
            {link ? (
              <a href={link} target="_blank" rel="noopener noreferrer" className={buttonClasses('primary', 'w-full')}>
                Open link
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : null}
          </div>
        ) : null}
      </article>
    </li>
  );
}
