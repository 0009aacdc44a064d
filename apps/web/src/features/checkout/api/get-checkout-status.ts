import type { FunctionOutput } from '@shopfront/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callFunction } from '#src/lib/call-function.ts';

export type CheckoutStatus = FunctionOutput<'getCheckoutStatus'>;

export interface CheckoutStatusPolling {
  /** How often an open checkout is asked again (a payment webhook may land a moment later). */
  intervalMs?: number;
  /** How long to keep asking before saying it is taking longer than usual. */
  maxWaitMs?: number;
}

/**
 * The thank-you page's read: getCheckoutStatus, asked again every 2 s while the checkout is still
 * `open`, for up to 30 s. `waitedTooLong` turns true once that time is up with the checkout open.
 */
export function useCheckoutStatus(checkoutId: string | null, { intervalMs = 2_000, maxWaitMs = 30_000 }: CheckoutStatusPolling = {}) {
  const [startedAt] = useState(() => Date.now());
  const [waitedTooLong, setWaitedTooLong] = useState(false);
  const query = useQuery({
    queryKey: ['checkoutStatus', checkoutId],
    queryFn: () => callFunction('getCheckoutStatus', { checkoutId: checkoutId! }),
    enabled: Boolean(checkoutId),
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (current) =>
      current.state.data?.status === 'open' && Date.now() - startedAt < maxWaitMs ? intervalMs : false,
  });
  const open = query.data?.status === 'open';
  useEffect(() => {
    if (!open) return;
    const left = Math.max(0, startedAt + maxWaitMs - Date.now());
    const timer = setTimeout(() => setWaitedTooLong(true), left);
    return () => clearTimeout(timer);
  }, [open, startedAt, maxWaitMs]);
  return { ...query, waitedTooLong: open && waitedTooLong };
}
