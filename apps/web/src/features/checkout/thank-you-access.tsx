import type { ThankYouBooking } from '@shopfront/core';
import { orderWording } from '@shopfront/core/order-wording';
import type { ReactNode } from 'react';
import type { CheckoutStatus } from './api/get-checkout-status.ts';
import { Card, icons, paid } from './thanks-parts.tsx';

/** "Monday, June 3, 2030, 3:00 – 3:30 AM (America/New York)": the call in the zone the buyer booked in. */
export function callTimeLabel(booking: Pick<ThankYouBooking, 'startsAt' | 'endsAt' | 'timeZone'>): string {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: booking.timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
  return `${format.formatRange(new Date(booking.startsAt), new Date(booking.endsAt))} (${booking.timeZone.replaceAll('_', ' ')})`;
}

function whereLabel(booking: ThankYouBooking): string {
  switch (booking.locationKind) {
    case 'phone':
      return `By phone: ${booking.locationValue ?? ''}`;
    case 'in-person':
      return `In person: ${booking.locationValue ?? ''}`;
    case 'video-url':
      return 'Online: the join link is in your confirmation email, and in the members area from 15 minutes before the call.';
    case 'per-booking-link':
      return 'Online: the join link will follow by email.';
  }
}

/** Whether the order gets a call or a course rather than files: the page says so instead of "download". */
export function hasAccess(status: CheckoutStatus): boolean {
  return status.productType === 'call' || Boolean(status.coursePath);
}

/**
 * A completed call or course order's thank-you: the product and amount, what it gets, and the
 * members sign-up. The members area is the sign-up's parent path (`…/members`).
 */
export function AccessThanks({ status, membersSignupHref, back }: { status: CheckoutStatus; membersSignupHref: string; back: ReactNode }) {
  const wording = orderWording(status);
  return (
    <Card icon={icons.done}>
      <h1>{accessHeading(status)}</h1>
      <p className="sf-thanks-product">
        <span className="sf-thanks-product-title">{status.productTitle}</span>
        <span className="sf-thanks-amount">{paid(status)}</span>
      </p>
      <ThankYouAccess status={status} membersHref={membersAreaOf(membersSignupHref)} />
      <div className="sf-thanks-members">
        <p>{wording.thankYouMembers}</p>
        <a className="sf-thanks-secondary" href={membersSignupHref}>
          Create your members account
        </a>
      </div>
      {back}
    </Card>
  );
}

/** The thank-you heading of a call or a course order. */
export function accessHeading(status: CheckoutStatus): string {
  return status.coursePath ? 'Your course is ready' : status.booking ? 'Your call is booked' : 'About your booking';
}

/** The members area, from the members sign-up's path (`…/members/signup`). */
export const membersAreaOf = (membersSignupHref: string) => membersSignupHref.replace(/\/signup$/, '');

/**
 * What a call or a course order gets, on the thank-you page: the booked time and place with the
 * members area to change it, or the course to start.
 */
export function ThankYouAccess({ status, membersHref }: { status: CheckoutStatus; membersHref: string }) {
  if (status.coursePath) {
    return (
      <>
        <p>Your course is ready: start whenever you like. Your receipt is on its way by email.</p>
        <a className="sf-thanks-primary" href={`${membersHref}${status.coursePath}`}>
          Start the course
        </a>
      </>
    );
  }
  const booking = status.booking;
  if (!booking) return <p>The time you chose was booked by someone else before your payment arrived: your payment is refunded in full, and an email confirms it.</p>;
  return (
    <>
      <dl className="sf-thanks-booking">
        <dt>When</dt>
        <dd>{callTimeLabel(booking)}</dd>
        <dt>Where</dt>
        <dd>{whereLabel(booking)}</dd>
      </dl>
      <p>Your confirmation and calendar invite are on their way by email. Need another time? Reschedule or cancel in the members area.</p>
      <a className="sf-thanks-primary" href={`${membersHref}/bookings`}>
        Manage your booking
      </a>
    </>
  );
}
