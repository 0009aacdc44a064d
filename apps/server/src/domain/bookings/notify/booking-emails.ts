// Exports bookingEmails: one rendered email per side for a booking notice, with its calendar invite.
import { formatMoney, membersUrl } from '@shopfront/core';
import { bookingEmail, type BookingEmailNotice, type BookingRefundText } from '#src/providers/email/templates/booking-notices.ts';
import type { EmailAttachment, EmailMessage } from '#src/providers/email/types.ts';
import { bookingInvite, callLocation } from '../booking-ics.ts';
import { callTimeText, instantText, type BookingEmailContext } from './booking-email-context.ts';
import type { CancelRefund } from './queue-booking-notices.ts';

export type Audience = 'buyer' | 'creator';

/** The version of the booking an email describes (the notice's, not necessarily the row's now). */
export interface BookingVersion {
  startsAt: Date;
  endsAt: Date;
  sequence: number;
}

export interface BookingEmailOptions {
  notice: BookingEmailNotice;
  audiences: Audience[];
  publicUrl: string;
  now: Date;
  previousStartsAt?: Date | undefined;
  /** A cancellation: its order's payment and refunds (null: nothing was paid). */
  refund?: CancelRefund | null | undefined;
  leadText?: string | undefined;
}

/**
 * The buyer's email in the buyer's zone, the creator's in the creator's; each with the `.ics`
 * invite in that zone (REQUEST, or CANCEL for a cancellation; none for a no-show or a reminder).
 * The place is the call's, or the booking's own link for a link made per booking.
 * The buyer's links to the members area while the product's change notice allows a change.
 */
export function bookingEmails(context: BookingEmailContext, version: BookingVersion, options: BookingEmailOptions): { audience: Audience; message: EmailMessage }[] {
  const { booking, store, call } = context;
  const cancelled = options.notice === 'cancelled';
  const duration = booking.endsAt.getTime() - booking.startsAt.getTime();
  const changeUntil = new Date(version.startsAt.getTime() - call.changeNoticeHours * 3_600_000);
  const mayChange = !cancelled && options.notice !== 'no-show' && booking.status === 'confirmed' && options.now.getTime() <= changeUntil.getTime();
  return options.audiences.map((audience) => {
    const zone = audience === 'buyer' ? booking.buyerTimeZone : context.creatorZone;
    const rendered = bookingEmail({
      notice: options.notice,
      audience,
      productName: store.name,
      callTitle: context.productTitle,
      buyerText: booking.buyerName || booking.buyerEmail,
      whenText: callTimeText(version.startsAt, version.endsAt, zone),
      previousWhenText: options.previousStartsAt ? callTimeText(options.previousStartsAt, new Date(options.previousStartsAt.getTime() + duration), zone) : null,
      locationText: callLocation(call),
      refund: options.refund ? refundText(options.refund) : null,
      leadText: options.leadText,
      answers: call.intakeQuestions.flatMap((question) => (booking.answers[question.id] ? [{ label: question.label, answer: booking.answers[question.id]! }] : [])),
      // The members area's bookings page (sign-in first when needed), where the buyer changes it.
      manageUrl: mayChange ? `${membersUrl(store, { origin: options.publicUrl })}/bookings` : null,
      changeUntilText: mayChange ? instantText(changeUntil, zone) : null,
    });
    const withInvite = options.notice === 'confirmed' || options.notice === 'rescheduled' || options.notice === 'meeting-link' || cancelled;
    const attachments: EmailAttachment[] = withInvite ? [invite(context, version, { zone, cancelled, now: options.now })] : [];
    const to = audience === 'buyer' ? booking.buyerEmail : context.creatorEmail;
    return { audience, message: { to, ...rendered, tags: [`booking-${options.notice}`], ...(attachments.length ? { attachments } : {}) } };
  });
}

function refundText(refund: CancelRefund): BookingRefundText {
  const money = (cents: number) => formatMoney(cents, refund.currency, { locale: 'en' });
  return { paid: money(refund.paidCents), refunded: refund.refundedCents > 0 ? money(refund.refundedCents) : null, full: refund.refundedCents >= refund.paidCents };
}

function invite(context: BookingEmailContext, version: BookingVersion, options: { zone: string; cancelled: boolean; now: Date }): EmailAttachment {
  const text = bookingInvite(
    { ...context.booking, ...version, status: options.cancelled ? 'cancelled' : 'confirmed' },
    { ...context.call, productTitle: context.productTitle, storeName: context.store.name, organizerEmail: context.creatorEmail, timeZone: options.zone, now: options.now },
  );
  return { filename: options.cancelled ? 'cancel.ics' : 'invite.ics', contentType: `text/calendar; method=${options.cancelled ? 'CANCEL' : 'REQUEST'}`, content: text };
}
