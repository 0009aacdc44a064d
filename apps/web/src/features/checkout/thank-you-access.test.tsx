import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storefrontProductDetail } from '#src/testing/storefront-data.ts';
import type { CheckoutStatus } from './api/get-checkout-status.ts';
import { CheckoutForm } from './checkout-form.tsx';
import { CheckoutSuccessView } from './checkout-success-view.tsx';

const status = (overrides: Partial<CheckoutStatus> = {}): CheckoutStatus => ({
  status: 'completed',
  orderId: 'ord_1',
  productTitle: 'Strategy call',
  productType: 'call',
  storeSlug: 'cozy-mugs',
  amountCents: 5000,
  currency: 'usd',
  files: [],
  ...overrides,
});
const show = (value: CheckoutStatus) =>
  render(<CheckoutSuccessView state={{ kind: 'completed', status: value }} store={null} storeHref="/cozy-mugs" membersSignupHref="/cozy-mugs/members/signup" />);
const booking = { startsAt: '2030-06-03T07:00:00.000Z', endsAt: '2030-06-03T07:30:00.000Z', timeZone: 'America/New_York', locationKind: 'video-url' as const, locationValue: null };

describe('the thank-you page of a call or a course', () => {
  it('a call: the time in the buyer’s zone, how to join, and the members area to change it; no download', () => {
    show(status({ booking }));
    expect(screen.getByRole('heading', { name: 'Your call is booked' })).toBeInTheDocument();
    expect(screen.getByText('Monday, June 3, 2030, 3:00 – 3:30 AM (America/New York)')).toBeInTheDocument();
    expect(screen.getByText(/the join link is in your confirmation email/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage your booking' })).toHaveAttribute('href', '/cozy-mugs/members/bookings');
    expect(screen.queryByText(/download/i)).not.toBeInTheDocument();
  });

  it('a call by phone names the number; a link made per booking is said to follow', () => {
    const { unmount } = show(status({ booking: { ...booking, timeZone: 'Asia/Tokyo', locationKind: 'phone', locationValue: '+49 30 1234567' } }));
    expect(screen.getByText('Monday, June 3, 2030, 4:00 – 4:30 PM (Asia/Tokyo)')).toBeInTheDocument();
    expect(screen.getByText('By phone: +49 30 1234567')).toBeInTheDocument();
    unmount();
    show(status({ booking: { ...booking, locationKind: 'per-booking-link' } }));
    expect(screen.getByText('Online: the join link will follow by email.')).toBeInTheDocument();
  });

  it('a call whose time was lost before payment says it is refunded', () => {
    show(status());
    expect(screen.getByRole('heading', { name: 'About your booking' })).toBeInTheDocument();
    expect(screen.getByText(/your payment is refunded in full/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Manage your booking' })).not.toBeInTheDocument();
  });

  it('a course: start the course', () => {
    show(status({ productTitle: 'Glazing 101', productType: 'course', coursePath: '/courses/prd_course' }));
    expect(screen.getByRole('heading', { name: 'Your course is ready' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start the course' })).toHaveAttribute('href', '/cozy-mugs/members/courses/prd_course');
    expect(screen.queryByText(/download/i)).not.toBeInTheDocument();
  });
});

describe('the checkout form says where the buyer’s email goes', () => {
  it.each([
    ['call', 'Your confirmation and calendar invite go here.'],
    ['course', 'Your receipt and the link to start the course go here.'],
    ['digital', 'Your receipt and download link go here.'],
  ] as const)('%s', (type, hint) => {
    render(<CheckoutForm storeId="store_1" product={storefrontProductDetail({ id: 'prod_1', type })} basePath="/cozy-mugs" submitCheckout={vi.fn()} redirect={vi.fn()} newKey={() => 'key-0123456789'} />);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(hint);
  });
});
