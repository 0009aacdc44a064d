import type { EmailBlock } from './blocks.ts';
import { assertHttpUrl, renderEmail, type RenderedEmail } from './layout.ts';
import { oneLine, saleLineText, type SaleLine } from './sale-notification.ts';

export interface SaleDigestParams {
  storeName: string;
  /** The day the sales were made, e.g. "Tuesday, November 24, 2026". */
  dayText: string;
  sales: SaleLine[];
  /** Per currency, formatted ("$42.00"). */
  totals: string[];
  salesUrl: string;
}

/** The email lists this many sales; the Sales page has the rest. */
export const DIGEST_LINES = 50;

/** Yesterday's sales in one email (Settings › Sale notifications: daily digest). Never sent empty. */
export function saleDigestEmail(params: SaleDigestParams): RenderedEmail {
  if (params.sales.length === 0) throw new Error('A sale digest needs at least one sale');
  const store = oneLine(params.storeName) || 'your store';
  const count = params.sales.length;
  const counted = `${count} ${count === 1 ? 'sale' : 'sales'}`;
  const shown = params.sales.slice(0, DIGEST_LINES);
  const blocks: EmailBlock[] = [
    { kind: 'paragraph', text: `${store} had ${counted} on ${params.dayText}. Total: ${params.totals.join(' + ')}.` },
    ...shown.map((sale): EmailBlock => ({ kind: 'paragraph', text: saleLineText(sale) })),
    ...(count > shown.length ? [{ kind: 'note', text: `…and ${count - shown.length} more on your Sales page.` } as EmailBlock] : []),
    { kind: 'action', label: 'See your sales', url: assertHttpUrl(params.salesUrl) },
    { kind: 'note', text: 'You can switch to an email for each sale, or turn these off, in Settings › Sale notifications.' },
  ];
  return renderEmail(store, {
    subject: `${store}: ${counted} on ${params.dayText}`,
    preheader: `${counted}, ${params.totals.join(' + ')}`,
    heading: `Your sales on ${params.dayText}`,
    blocks,
  });
}
