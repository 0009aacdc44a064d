import type { ThankYouUpsell } from '@shopfront/core';
import { useMutation } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';

/** The thank-you page's answers to the one-click offer: each answers the offer as it now stands. */
export function useUpsellChoice(checkoutId: string, onAnswer: (upsell: ThankYouUpsell) => void) {
  const accept = useMutation({
    mutationFn: (productId: string) => callFunction('acceptUpsell', { checkoutId, productId }),
    onSuccess: (answer) => onAnswer(answer.upsell),
  });
  const decline = useMutation({
    mutationFn: () => callFunction('declineUpsell', { checkoutId }),
    onSuccess: (answer) => onAnswer(answer.upsell),
  });
  return { accept, decline };
}
