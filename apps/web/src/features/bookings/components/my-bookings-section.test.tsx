import type { MyBooking } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { MyBookingsSection } from './my-bookings-section.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const NOW = Date.parse('2030-06-04T12:00:00Z');
const booking = (changes: Partial<MyBooking>): MyBooking => ({
  id: 'bkg_1',
  productId: 'prd_call',
  productTitle: 'Strategy call',
  status: 'confirmed',
  startsAt: '2030-06-07T07:00:00.000Z',
  endsAt: '2030-06-07T07:30:00.000Z',
  timeZone: 'Europe/Berlin',
  locationKind: 'video-url',
  locationValue: null,
  joinOpensAt: '2030-06-07T06:45:00.000Z',
  changeableUntil: '2030-06-06T19:00:00.000Z',
  refundOnCancel: 'tiered',
  refundTiers: { fullHours: 48, partialPercent: 50, noneHours: 24 },
  cancelRefund: { amountCents: 999, paidCents: 1999, currency: 'usd' },
  orderId: 'ord_1',
  ...changes,
});
const render = (bookings: MyBooking[]) => {
  answerFunctions(call, { listMyBookings: () => ({ bookings, packages: [] }), cancelMyBooking: () => ({ booking: { ...bookings[0], status: 'cancelled' }, refundedCents: 999 }) });
  return renderForCreator(<MyBookingsSection storeId="store_1" now={() => NOW} />);
};
const cancelDialog = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Cancel Strategy call' }));
  return screen.getByRole('alertdialog', { name: 'Cancel this call?' });
};

describe('cancelling a call from the members area', { timeout: 30_000 }, () => {
  it('says what cancelling now refunds under a tiered policy, and the policy, before the buyer confirms', async () => {
    render([booking({})]);
    const dialog = await cancelDialog();
    expect(within(dialog).getByText(/Cancelling now refunds \$9\.99 of your \$19\.99 payment\. Full refund up to 48 hours before the call, 50% up to 24 hours before, none after\./)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel call' }));
    await waitFor(() => expect(callsOf(call, 'cancelMyBooking')).toEqual([{ storeId: 'store_1', bookingId: 'bkg_1' }]));
    expect(await screen.findByText('Call cancelled. $9.99 is refunded to you.')).toBeInTheDocument();
  });

  it('says a full refund, no refund now, and no refund at all apart', async () => {
    const { unmount } = render([booking({ refundOnCancel: 'full', refundTiers: null, cancelRefund: { amountCents: 1999, paidCents: 1999, currency: 'usd' } })]);
    expect(within(await cancelDialog()).getByText(/Cancelling now refunds your payment of \$19\.99\.$/)).toBeInTheDocument();
    unmount();
    const late = render([booking({ cancelRefund: { amountCents: 0, paidCents: 1999, currency: 'usd' } })]);
    expect(within(await cancelDialog()).getByText(/Cancelling now refunds nothing\. Full refund up to 48 hours/)).toBeInTheDocument();
    late.unmount();
    render([booking({ refundOnCancel: 'none', refundTiers: null, cancelRefund: null })]);
    expect(within(await cancelDialog()).getByText(/No refund is made for it\.$/)).toBeInTheDocument();
  });
});
