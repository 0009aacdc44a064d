import type { EmailBlock } from './blocks.ts';
import { assertHttpUrl, renderEmail, type RenderedEmail } from './layout.ts';

/** One sale as the creator reads it; every text may come from a creator or a buyer. */
export interface SaleLine {
  productTitle: string;
  /** Already formatted ("$12.00", "Free"). */
  amountText: string;
  buyerName: string;
  buyerEmail: string;
}

export interface SaleNotificationParams extends SaleLine {
  storeName: string;
  free: boolean;
  orderId: string;
  /** The dashboard's Sales page. */
  salesUrl: string;
}

/** Store, product and buyer names are one line each, so they cannot break a subject or a line. */
export function oneLine(value: string): string {
  return value.replace(/[\p{Cc}\s]+/gu, ' ').trim();
}

export function saleLineText(sale: SaleLine): string {
  const buyer = oneLine(sale.buyerName) ? `${oneLine(sale.buyerName)} <${oneLine(sale.buyerEmail)}>` : oneLine(sale.buyerEmail);
  return `${oneLine(sale.productTitle)} — ${sale.amountText} — ${buyer}`;
}

/**
 * "You made a sale", to the store's creator, per order (Settings › Sale notifications: each sale).
 * The blocks escape every text in the HTML part, so a title like `<script>` arrives as text.
 */
export function saleNotificationEmail(params: SaleNotificationParams): RenderedEmail {
  const store = oneLine(params.storeName) || 'your store';
  const title = oneLine(params.productTitle);
  const blocks: EmailBlock[] = [
    {
      kind: 'paragraph',
      text: params.free ? `Someone just claimed a free product from ${store}.` : `You just made a sale in ${store}.`,
    },
    { kind: 'paragraph', text: saleLineText(params) },
    { kind: 'action', label: 'See your sales', url: assertHttpUrl(params.salesUrl) },
    { kind: 'note', text: `Order ${params.orderId}. You can switch these emails to a daily digest or off in Settings › Sale notifications.` },
  ];
  return renderEmail(store, {
    subject: params.free ? `New free download: ${title}` : `You made a sale: ${title} (${params.amountText})`,
    preheader: saleLineText(params),
    heading: params.free ? 'Someone claimed your free download' : 'You made a sale!',
    blocks,
  });
}
