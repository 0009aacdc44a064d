import type { EmailBlock } from './blocks.ts';
import { assertHttpUrl, brandName, renderEmail, type RenderedEmail, type TemplateBrand } from './layout.ts';

/** What every membership email says about whose membership it is; amounts and dates come formatted. */
export interface MembershipEmailBase extends TemplateBrand {
  memberName: string;
  /** "Studio club — Supporter": the membership product and the tier. */
  membershipTitle: string;
  /** The store's members area, where the member manages the membership (card, tier, cancel). */
  membersUrl: string;
}

export type MembershipEmailParams = MembershipEmailBase &
  (
    | { notice: 'welcome'; priceText: string; trialEndText: string | null; paidText: string | null; nextChargeText: string }
    | { notice: 'receipt'; amountText: string; periodText: string; nextChargeText: string; invoiceId: string }
    | { notice: 'payment-failed'; amountText: string; accessUntilText: string }
    | { notice: 'cancelled'; endsText: string }
    | { notice: 'trial-ending'; trialEndText: string; priceText: string }
    | { notice: 'paused'; keptText: string }
    | { notice: 'resumed'; nextChargeText: string; priceText: string }
    | { notice: 'renewal-upcoming'; renewsText: string; priceText: string }
    | { notice: 'price-change'; oldPriceText: string; newPriceText: string; effectiveText: string }
  );

const oneLine = (value: string) => value.replace(/[\p{Cc}\s]+/gu, ' ').trim();

/**
 * The member's membership emails (docs/memberships.md "Emails"): welcome, a receipt per renewal,
 * a failed payment with the way to fix the card, the cancellation, and the trial ending. Each
 * links to the members area, where the membership is managed.
 */
export function membershipEmail(params: MembershipEmailParams): RenderedEmail {
  const store = brandName(params);
  const title = oneLine(params.membershipTitle);
  const hello = `Hi ${oneLine(params.memberName) || 'there'}`;
  const manage: EmailBlock = { kind: 'action', label: 'Manage your membership', url: assertHttpUrl(params.membersUrl) };
  const content = (subject: string, heading: string, blocks: EmailBlock[], preheader = subject) => renderEmail(store, { subject, preheader, heading, blocks });
  switch (params.notice) {
    case 'welcome':
      return content(`Welcome to ${title}`, 'Welcome, you’re a member', [
        { kind: 'paragraph', text: `${hello}, thank you for joining ${title} from ${store}.` },
        {
          kind: 'paragraph',
          text: params.trialEndText
            ? `Your free trial runs until ${params.trialEndText}. Then ${params.priceText}, first charged on ${params.nextChargeText}, unless you cancel before.`
            : `You paid ${params.paidText ?? params.priceText}. Your membership renews at ${params.priceText}; the next charge is on ${params.nextChargeText}.`,
        },
        { kind: 'paragraph', text: 'Create your account in the members area with this email address to see your membership, change your card or tier, or cancel:' },
        manage,
      ]);
    case 'receipt':
      return content(`Your receipt for ${title}`, 'Thank you, your membership renewed', [
        { kind: 'paragraph', text: `${hello}, your membership ${title} from ${store} renewed.` },
        { kind: 'paragraph', text: `${params.amountText} for ${params.periodText}. Next charge: ${params.nextChargeText}.` },
        manage,
        { kind: 'note', text: `Invoice ${params.invoiceId}.` },
      ]);
    case 'payment-failed':
      return content(`Your payment for ${title} failed`, 'Your payment didn’t go through', [
        { kind: 'paragraph', text: `${hello}, we couldn’t charge ${params.amountText} for your membership ${title} from ${store}.` },
        { kind: 'paragraph', text: `We’ll try again in the next few days. You keep access until ${params.accessUntilText}; update your card before then to keep your membership.` },
        { kind: 'action', label: 'Update your card', url: assertHttpUrl(params.membersUrl) },
      ]);
    case 'cancelled':
      return content(`Your membership ${title} is cancelled`, 'Your membership is cancelled', [
        { kind: 'paragraph', text: `${hello}, your membership ${title} from ${store} is cancelled and won’t renew.` },
        { kind: 'paragraph', text: `You keep access until ${params.endsText}. Changed your mind? Resume it in the members area before then.` },
        manage,
      ]);
    case 'trial-ending':
      return content(`Your free trial of ${title} ends soon`, 'Your free trial ends soon', [
        { kind: 'paragraph', text: `${hello}, your free trial of ${title} from ${store} ends on ${params.trialEndText}.` },
        { kind: 'paragraph', text: `Then your membership continues at ${params.priceText}, charged to your card on file. To stop it, cancel before the trial ends.` },
        manage,
      ]);
    case 'paused':
      return content(`Your membership ${title} is paused`, 'Your membership is paused', [
        { kind: 'paragraph', text: `${hello}, your membership ${title} from ${store} is paused. You won’t be charged, and its content is closed until you resume.` },
        { kind: 'paragraph', text: `The ${params.keptText} of paid time you had left is kept for when you resume. Resume any time in the members area.` },
        manage,
      ]);
    case 'resumed':
      return content(`Your membership ${title} is back`, 'Welcome back', [
        { kind: 'paragraph', text: `${hello}, your membership ${title} from ${store} is active again, and its content is open.` },
        { kind: 'paragraph', text: `Your next charge of ${params.priceText} is on ${params.nextChargeText}.` },
        manage,
      ]);
    case 'renewal-upcoming':
      return content(`Your membership ${title} renews on ${params.renewsText}`, 'Your yearly membership renews soon', [
        { kind: 'paragraph', text: `${hello}, your yearly membership ${title} from ${store} renews on ${params.renewsText}.` },
        { kind: 'paragraph', text: `We’ll charge ${params.priceText} to your card on file. To change your card or tier, or to cancel before it renews, visit the members area.` },
        manage,
      ]);
    case 'price-change':
      return content(`The price of ${title} is changing`, 'Your membership’s price is changing', [
        { kind: 'paragraph', text: `${hello}, ${store} is moving members of ${title} to its current price.` },
        { kind: 'paragraph', text: `You pay ${params.oldPriceText} until then. From your renewal on ${params.effectiveText}, the price is ${params.newPriceText}.` },
        { kind: 'paragraph', text: 'Nothing changes before that date. To change your tier or cancel before it, visit the members area.' },
        manage,
      ]);
  }
}
