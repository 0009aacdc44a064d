import type { EmailBlock } from './blocks.ts';
import { brandName, renderEmail, type RenderedEmail, type TemplateBrand } from './layout.ts';

export interface RefundParams extends TemplateBrand {
  buyerName: string;
  productTitle: string;
  /** Already formatted ("$4.50"). */
  refundedText: string;
  /** The order's total refunded so far, formatted; shown when this refund is one of several. */
  totalRefundedText: string;
  /** Already formatted: what the buyer paid. */
  paidText: string;
  orderId: string;
  /** True when this refund completed the order's refund, so its downloads stopped working. */
  accessEnded: boolean;
}

function oneLine(value: string): string {
  return value.replace(/[\p{Cc}\s]+/gu, ' ').trim();
}

/** Sent for every refund of a paid order, full or partial: how much, and whether downloads still work. */
export function refundEmail(params: RefundParams): RenderedEmail {
  const store = brandName(params);
  const title = oneLine(params.productTitle);
  const blocks: EmailBlock[] = [
    { kind: 'paragraph', text: `Hi ${oneLine(params.buyerName) || 'there'}, ${store} has refunded ${params.refundedText} of your purchase of ${title} (${params.paidText}).` },
    ...(params.totalRefundedText !== params.refundedText
      ? [{ kind: 'paragraph' as const, text: `In total, ${params.totalRefundedText} of this order has been refunded.` }]
      : []),
    {
      kind: 'paragraph',
      text: params.accessEnded
        ? 'The order is now fully refunded, so its downloads are no longer available.'
        : 'Your downloads keep working: use the link in your receipt or your members area as before.',
    },
    { kind: 'note', text: `Order ${params.orderId}. Refunds usually reach your account within 5–10 business days, depending on your bank.` },
  ];
  return renderEmail(store, {
    subject: `Refund of ${params.refundedText} for ${title}`,
    preheader: `${params.refundedText} refunded${params.accessEnded ? '; access has ended' : '; your downloads keep working'}.`,
    heading: 'Your refund',
    blocks,
  });
}
