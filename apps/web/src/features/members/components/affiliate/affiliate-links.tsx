import type { MyAffiliate } from '@shopfront/core';
import { useId, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { CopyField } from './copy-field.tsx';
import { QrCode } from './qr-code.tsx';

type Affiliate = NonNullable<MyAffiliate['affiliate']>;

/**
 * An active affiliate's code and links: the store's and each product's (with its commission),
 * each with a Copy button and a QR code. The store link's QR code shows at once; the products'
 * open on demand, so a long catalogue stays short on a phone.
 */
export function AffiliateLinks({ affiliate, storeName, storePercent, windowDays }: { affiliate: Affiliate; storeName: string; storePercent: number | null; windowDays: number | null }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          Your referral links
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Share them anywhere. A purchase {windowDays ? `within ${windowDays} days ` : ''}after someone opens one of your links earns you the commission shown.
        </p>
      </div>
      <div className="sf-members-item rounded-2xl bg-white p-4 ring-1 ring-slate-200">
        <h3 className="font-semibold text-slate-900">Your referral code</h3>
        <p className="mb-2 text-sm text-slate-600">It works on any link to {storeName}: add ?ref={affiliate.code} to it.</p>
        <CopyField label="Your referral code" value={affiliate.code} copyLabel="your referral code" />
      </div>
      <ul className="space-y-3">
        <LinkItem title={`${storeName} (the whole store)`} url={affiliate.links.store} percent={storePercent} qrOpen />
        {affiliate.links.products.map((product) => (
          <LinkItem key={product.productId} title={product.title} url={product.url} percent={product.commissionPercent} />
        ))}
      </ul>
    </section>
  );
}

function LinkItem({ title, url, percent, qrOpen = false }: { title: string; url: string; percent: number | null; qrOpen?: boolean }) {
  const id = useId();
  const [showQr, setShowQr] = useState(qrOpen);
  return (
    <li>
      <article aria-labelledby={`${id}-title`} className="sf-members-item space-y-2 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h3 id={`${id}-title`} className="min-w-0 font-semibold text-slate-900 wrap-anywhere">
            {title}
          </h3>
          {percent !== null ? <p className="text-sm font-medium text-slate-700">{percent}% commission</p> : null}
        </div>
        <CopyField label={`Link to ${title}`} value={url} copyLabel={`the link to ${title}`} />
        <Button
          variant="ghost"
          className="-ml-2 px-2"
          aria-expanded={showQr}
          aria-controls={`${id}-qr`}
          aria-label={`${showQr ? 'Hide' : 'Show'} QR code for ${title}`}
          onClick={() => setShowQr((open) => !open)}
        >
          {showQr ? 'Hide QR code' : 'Show QR code'}
        </Button>
        <div id={`${id}-qr`} hidden={!showQr}>
          {showQr ? <QrCode value={url} label={`QR code for the link to ${title}`} /> : null}
        </div>
      </article>
    </li>
  );
}
