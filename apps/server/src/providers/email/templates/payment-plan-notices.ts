import { assertHttpUrl, brandName, renderEmail, type RenderedEmail, type TemplateBrand } from './layout.ts';

/** What every payment plan email names; amounts and dates come formatted. */
export interface PaymentPlanEmailBase extends TemplateBrand {
  buyerName: string;
  productTitle: string;
  /** The store's members area › Orders, where the buyer sees the plan and updates the card. */
  ordersUrl: string;
}

export type PaymentPlanEmailParams = PaymentPlanEmailBase &
  (
    | { notice: 'receipt'; instalment: number; instalments: number; amountText: string; nextDueText: string | null }
    | { notice: 'payment-failed'; instalment: number; instalments: number; amountText: string; accessUntilText: string }
    | { notice: 'locked'; amountText: string }
    | { notice: 'completed'; totalText: string }
  );

const oneLine = (value: string) => value.replace(/[\p{Cc}\s]+/gu, ' ').trim();

/**
 * The buyer's payment plan emails (decision 047): a receipt per instalment, the failed payment
 * (with the link to update the card and until when access lasts), access locked, and the plan
 * paid in full.
 */
export function paymentPlanEmail(params: PaymentPlanEmailParams): RenderedEmail {
  const store = brandName(params);
  const title = oneLine(params.productTitle);
  const hello = `Hi ${oneLine(params.buyerName) || 'there'}`;
  const url = assertHttpUrl(params.ordersUrl);
  const content = (subject: string, heading: string, blocks: Parameters<typeof renderEmail>[1]['blocks']) => renderEmail(store, { subject, preheader: subject, heading, blocks });
  switch (params.notice) {
    case 'receipt':
      return content(`Instalment ${params.instalment} of ${params.instalments}: ${title}`, 'Thank you, your instalment is paid', [
        { kind: 'paragraph', text: `${hello}, we charged ${params.amountText} for instalment ${params.instalment} of ${params.instalments} of ${title} from ${store}.` },
        { kind: 'paragraph', text: params.nextDueText ? `Next instalment: ${params.nextDueText}.` : 'That was the last one.' },
        { kind: 'action', label: 'See your plan', url },
      ]);
    case 'payment-failed':
      return content(`Your instalment for ${title} failed`, 'Your payment didn’t go through', [
        { kind: 'paragraph', text: `${hello}, we couldn’t charge ${params.amountText} for instalment ${params.instalment} of ${params.instalments} of ${title} from ${store}.` },
        { kind: 'paragraph', text: `We’ll try again in the next few days. You keep access until ${params.accessUntilText}; update your card before then to keep it.` },
        { kind: 'action', label: 'Update your card', url },
      ]);
    case 'locked':
      return content(`Your access to ${title} is paused`, 'Your access is paused', [
        { kind: 'paragraph', text: `${hello}, we couldn’t charge ${params.amountText} for your plan of ${title} from ${store} after several tries, so its access is paused.` },
        { kind: 'paragraph', text: 'Update your card: the overdue instalment is charged at once and your access comes back.' },
        { kind: 'action', label: 'Update your card', url },
      ]);
    case 'completed':
      return content(`Your plan for ${title} is paid in full`, 'Your plan is paid in full', [
        { kind: 'paragraph', text: `${hello}, your last instalment is paid: ${params.totalText} in all for ${title} from ${store}. Your access is yours to keep.` },
        { kind: 'action', label: 'See your orders', url },
      ]);
  }
}
