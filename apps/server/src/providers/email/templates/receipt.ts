import { ORDER_WORDING } from '@shopfront/core';
import type { EmailBlock } from './blocks.ts';
import { assertHttpUrl, brandName, renderEmail, type RenderedEmail, type TemplateBrand } from './layout.ts';

export interface ReceiptParams extends TemplateBrand {
  buyerName: string;
  productTitle: string;
  /** Already formatted ("$12.00", "Free"). */
  amountText: string;
  /** Nothing was paid (price 0, a lead magnet): worded as a free download, never a purchase. */
  free?: boolean;
  orderId: string;
  /** The order access page (signed, long-lived), which mints fresh download links. */
  accessUrl: string;
  accessDays: number;
  /** The store's members area sign-up, where all purchases stay in one place. */
  membersUrl: string;
}

function oneLine(value: string): string {
  return value.replace(/[\p{Cc}\s]+/gu, ' ').trim();
}

/** The receipt, sent by fulfilment for every order; a free one reads as a free download. */
export function receiptEmail(params: ReceiptParams): RenderedEmail {
  const store = brandName(params);
  const title = oneLine(params.productTitle);
  const free = params.free ?? params.amountText === 'Free';
  const hello = `Hi ${oneLine(params.buyerName) || 'there'}`;
  const blocks: EmailBlock[] = [
    { kind: 'paragraph', text: free ? `${hello}, here’s your free download from ${store}.` : `${hello}, thank you for your purchase from ${store}.` },
    { kind: 'paragraph', text: `${title} — ${params.amountText}` },
    { kind: 'action', label: 'Get your download', url: assertHttpUrl(params.accessUrl) },
    {
      kind: 'paragraph',
      text: `This link works for ${params.accessDays} days and gives you fresh download links each time. Create a free account to keep ${free ? 'everything you get' : 'all your purchases'} from ${store} in one place:`,
    },
    { kind: 'action', label: 'Create your account', url: assertHttpUrl(params.membersUrl) },
    { kind: 'note', text: `Order ${params.orderId}. Keep this email: anyone with the download link can download your files.` },
  ];
  const wording = free ? ORDER_WORDING.free : ORDER_WORDING.paid;
  return renderEmail(store, {
    subject: free ? `Your free download: ${title}` : `Your receipt for ${title}`,
    preheader: `${title} — ${params.amountText}. Your download is ready.`,
    heading: wording.emailHeading,
    blocks,
  });
}
