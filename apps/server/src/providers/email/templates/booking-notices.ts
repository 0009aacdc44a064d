// Exports bookingEmail: the emails of a booked call, to the buyer and to the creator (docs/bookings.md "Emails").
import type { EmailBlock } from './blocks.ts';
import { assertHttpUrl, brandName, renderEmail, type RenderedEmail, type TemplateBrand } from './layout.ts';

export type BookingEmailNotice = 'confirmed' | 'rescheduled' | 'cancelled' | 'no-show' | 'reminder' | 'meeting-link';

/** Every text comes formatted: times already in the recipient's zone. */
export interface BookingEmailParams extends TemplateBrand {
  notice: BookingEmailNotice;
  audience: 'buyer' | 'creator';
  callTitle: string;
  /** The buyer's name (or email) in the creator's emails; unused in the buyer's. */
  buyerText: string;
  /** "Tuesday, June 4, 2030, 03:00–03:30 (America/New_York, EDT)". */
  whenText: string;
  /** A reschedule: the time it had before. */
  previousWhenText?: string | null | undefined;
  /** Where the call happens: a join link, a phone number or an address; null: the link comes later. */
  locationText: string | null;
  /** A cancellation: the payment and what of it was refunded (null: a free call, nothing to refund). */
  refund?: BookingRefundText | null | undefined;
  /** A reminder: "in 24 hours", "in 1 hour". */
  leadText?: string | undefined;
  /** The buyer's answers, in the creator's emails. */
  answers?: { label: string; answer: string }[] | undefined;
  /** The members area where the buyer reschedules or cancels, while the policy allows; else null. */
  manageUrl?: string | null | undefined;
  /** Until when the buyer may change it ("June 3, 2030, 03:00 (America/New_York, EDT)"). */
  changeUntilText?: string | null | undefined;
}

/** Formatted amounts: "$50.00"; `refunded` null when nothing was refunded; `full` when all of it was. */
export interface BookingRefundText {
  paid: string;
  refunded: string | null;
  full: boolean;
}

const oneLine = (value: string) => value.replace(/[\p{Cc}\s]+/gu, ' ').trim();

/**
 * One email per notice and side. The buyer's links to the members area to reschedule or cancel
 * while the creator's policy allows; the creator's lists the buyer's answers. The calendar invite
 * is attached by the caller.
 */
export function bookingEmail(params: BookingEmailParams): RenderedEmail {
  const store = brandName(params);
  const title = oneLine(params.callTitle);
  const buyer = oneLine(params.buyerText);
  const forBuyer = params.audience === 'buyer';
  const call = forBuyer ? `${title} with ${store}` : `${title} with ${buyer}`;
  const where: EmailBlock[] = [{ kind: 'paragraph', text: `When: ${params.whenText}` }, { kind: 'paragraph', text: params.locationText ? `Where: ${oneLine(params.locationText)}` : 'Where: the join link will follow by email.' }];
  const manage: EmailBlock[] =
    forBuyer && params.manageUrl
      ? [
          { kind: 'paragraph', text: `Need another time? You can reschedule or cancel until ${params.changeUntilText ?? 'shortly before the call'} in the members area (sign in with this email address).` },
          { kind: 'action', label: 'Reschedule or cancel', url: assertHttpUrl(params.manageUrl) },
        ]
      : [];
  const answers: EmailBlock[] = forBuyer ? [] : (params.answers ?? []).map((a) => ({ kind: 'note', text: `${oneLine(a.label)}: ${a.answer.trim()}` }));
  const content = (subject: string, heading: string, blocks: EmailBlock[]) => renderEmail(store, { subject, preheader: `${call} — ${params.whenText}`, heading, blocks });
  switch (params.notice) {
    case 'confirmed':
      return forBuyer
        ? content(`Booked: ${call}`, 'Your call is booked', [{ kind: 'paragraph', text: `Your call ${call} is confirmed. The calendar invite is attached.` }, ...where, ...manage])
        : content(`New booking: ${call}`, 'You have a new booking', [{ kind: 'paragraph', text: `${buyer} booked ${title}. The calendar invite is attached.` }, ...where, ...answers]);
    case 'rescheduled': {
      const moved: EmailBlock[] = params.previousWhenText ? [{ kind: 'paragraph', text: `It was: ${params.previousWhenText}` }] : [];
      return forBuyer
        ? content(`Moved: ${call}`, 'Your call has a new time', [{ kind: 'paragraph', text: `Your call ${call} has moved. The attached invite updates your calendar.` }, ...where, ...moved, ...manage])
        : content(`Booking moved: ${call}`, 'A booking has a new time', [{ kind: 'paragraph', text: `${title} with ${buyer} has moved. The attached invite updates your calendar.` }, ...where, ...moved, ...answers]);
    }
    case 'cancelled': {
      const refund = params.refund ? refundSentence(params.refund, forBuyer ? 'your' : 'the') : null;
      const refundBlock: EmailBlock[] = refund ? [{ kind: 'paragraph', text: refund }] : [];
      return content(`Cancelled: ${call}`, forBuyer ? 'Your call is cancelled' : 'A booking is cancelled', [
        { kind: 'paragraph', text: `${forBuyer ? 'Your call' : 'The call'} ${call} on ${params.whenText} is cancelled. The attached update removes it from your calendar.` },
        ...refundBlock,
      ]);
    }
    case 'meeting-link':
      return forBuyer
        ? content(`Join link: ${call}`, 'Your call’s join link', [{ kind: 'paragraph', text: `${store} set the link to join your call ${title}. The attached invite updates your calendar.` }, ...where, ...manage])
        : content(`Join link set: ${call}`, 'The booking has a join link', [{ kind: 'paragraph', text: `The call ${title} with ${buyer} has a join link. The attached invite updates your calendar.` }, ...where, ...answers]);
    case 'no-show':
      return content(`You missed ${call}`, 'We missed you', [
        { kind: 'paragraph', text: `${store} marked your call ${title} on ${params.whenText} as missed.` },
        { kind: 'paragraph', text: `If something went wrong, reply to ${store} to arrange what happens next.` },
      ]);
    case 'reminder': {
      const lead = params.leadText ?? 'soon';
      return forBuyer
        ? content(`Reminder: ${call} ${lead}`, `Your call starts ${lead}`, [{ kind: 'paragraph', text: `A reminder of your call ${call}.` }, ...where, ...manage])
        : content(`Reminder: ${call} ${lead}`, `A booked call starts ${lead}`, [{ kind: 'paragraph', text: `A reminder: ${buyer} booked ${title}.` }, ...where, ...answers]);
    }
  }
}

/** "Your payment of $50.00 was refunded.", "$20.00 of the $50.00 payment was refunded.", "No refund was made." */
function refundSentence(refund: BookingRefundText, whose: 'your' | 'the'): string {
  if (!refund.refunded) return 'No refund was made.';
  if (refund.full) return `${whose === 'your' ? 'Your' : 'The'} payment of ${refund.paid} was refunded.`;
  return `${refund.refunded} of ${whose} ${refund.paid} payment was refunded.`;
}
