import type { ThankYouUpsell } from '@shopfront/core';
import { useMutation } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';

/** Which one-click offer is answered: the upsell, or the downsell shown once the upsell was declined. */
export type OfferStep = 'upsell' | 'downsell';

/** The thank-you page's answers to a one-click offer: each answers the funnel as it now stands. */
export function useUpsellChoice(checkoutId: string, step: OfferStep, onAnswer: (upsell: ThankYouUpsell) => void) {
  const accept = useMutation({
    mutationFn: (productId: string) => callFunction(step === 'upsell' ? 'acceptUpsell' : 'acceptDownsell', { checkoutId, productId }),
    onSuccess: (answer) => onAnswer(answer.upsell),
  });
  const decline = useMutation({
    mutationFn: () => callFunction(step === 'upsell' ? 'declineUpsell' : 'declineDownsell', { checkoutId }),
    onSuccess: (answer) => onAnswer(answer.upsell),
  });
  return { accept, decline };
}
