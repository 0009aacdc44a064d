import type { MyBooking } from '@shopfront/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import type { LoadSlots } from '../components/use-week-slots.ts';

export const myBookingsKey = (storeId: string) => ['members', 'bookings', storeId] as const;

/** listMyBookings: the signed-in customer's calls at this store, and packages with calls left. */
export function useMyBookings(storeId: string) {
  return useQuery({ queryKey: myBookingsKey(storeId), queryFn: () => callFunction('listMyBookings', { storeId }), staleTime: 30_000 });
}

function useMyBookingChange<Input, Output>(storeId: string, change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => queryClient.invalidateQueries({ queryKey: myBookingsKey(storeId) }) });
}

export const useRescheduleMyBooking = (storeId: string) =>
  useMyBookingChange(storeId, ({ bookingId, startsAt }: { bookingId: string; startsAt: string }): Promise<MyBooking> => callFunction('rescheduleMyBooking', { storeId, bookingId, startsAt }));

export const useCancelMyBooking = (storeId: string) => useMyBookingChange(storeId, (bookingId: string) => callFunction('cancelMyBooking', { storeId, bookingId }));

export const useBookPackageSession = (storeId: string) =>
  useMyBookingChange(storeId, ({ orderId, start, timeZone, answers }: { orderId: string; start: string; timeZone: string; answers: Record<string, string> }) =>
    callFunction('bookMyPackageSession', { storeId, orderId, booking: { start, timeZone, answers } }),
  );

/** getOpenSlots for a call the customer moves or books again, keeping what the call asks. */
export function memberSlotsLoader(storeId: string, productId: string, onFacts?: (facts: { intakeQuestions: { id: string; label: string; kind: 'short-text' | 'long-text'; required: boolean }[] }) => void): LoadSlots {
  return async ({ from, to, timeZone }, signal) => {
    const answer = await callFunction('getOpenSlots', { storeId, productId, from, to, timeZone }, { signal });
    onFacts?.({ intakeQuestions: answer.intakeQuestions });
    return answer.days.flatMap((day) => day.slots.map((slot) => slot.startsAt));
  };
}
