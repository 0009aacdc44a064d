import type { BookingStatus } from '@shopfront/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { downloadText } from '#src/lib/download-text.ts';
import { STORE_KEYS } from '#src/lib/store-keys.ts';
import type { LoadSlots } from '../components/use-week-slots.ts';

export interface BookingFilters {
  when: 'upcoming' | 'past';
  productId: string;
  status: BookingStatus | '';
}

export const BOOKING_KEYS = {
  all: (storeId: string) => [...STORE_KEYS.store(storeId), 'bookings'] as const,
  list: (storeId: string, query: object) => [...STORE_KEYS.store(storeId), 'bookings', query] as const,
};

const filterInput = (filters: BookingFilters) => ({
  when: filters.when,
  ...(filters.productId ? { productId: filters.productId } : {}),
  ...(filters.status ? { status: filters.status } : {}),
});

/** listBookings for the filters, one page of 50. */
export function useBookings(storeId: string, filters: BookingFilters, page: number) {
  return useQuery({
    queryKey: BOOKING_KEYS.list(storeId, { ...filters, page }),
    queryFn: () => callFunction('listBookings', { storeId, ...filterInput(filters), page }),
    placeholderData: keepPreviousData,
  });
}

/** The bookings starting in [from, to) whatever their end, for the week view. */
export function useBookingsBetween(storeId: string, from: string, to: string) {
  return useQuery({
    queryKey: BOOKING_KEYS.list(storeId, { from, to }),
    queryFn: async () => {
      const [upcoming, past] = await Promise.all([
        callFunction('listBookings', { storeId, when: 'upcoming', from, to }),
        callFunction('listBookings', { storeId, when: 'past', from, to }),
      ]);
      return { timeZone: upcoming.timeZone, bookings: [...past.bookings, ...upcoming.bookings] };
    },
    placeholderData: keepPreviousData,
  });
}

/** exportBookingsCsv for the filters, saved by the browser as a file. */
export function useExportBookings(storeId: string) {
  return useMutation({
    mutationFn: async (filters: BookingFilters) => {
      const file = await callFunction('exportBookingsCsv', { storeId, ...filterInput(filters) });
      downloadText(file.filename, file.csv, 'text/csv;charset=utf-8');
      return file;
    },
  });
}

function useBookingChange<Input, Output>(storeId: string, change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => queryClient.invalidateQueries({ queryKey: BOOKING_KEYS.all(storeId) }) });
}

export const useCancelBooking = (storeId: string) =>
  useBookingChange(storeId, ({ bookingId, refund, refundCents }: { bookingId: string; refund: boolean; refundCents?: number }) =>
    callFunction('cancelCallBooking', { storeId, bookingId, refund, ...(refundCents === undefined ? {} : { refundCents }) }),
  );

export const useRescheduleBooking = (storeId: string) =>
  useBookingChange(storeId, ({ bookingId, startsAt }: { bookingId: string; startsAt: string }) => callFunction('rescheduleCallBooking', { storeId, bookingId, startsAt }));

export const useMarkNoShow = (storeId: string) => useBookingChange(storeId, (bookingId: string) => callFunction('markBookingNoShow', { storeId, bookingId }));

export const useSetMeetingLink = (storeId: string) =>
  useBookingChange(storeId, ({ bookingId, url }: { bookingId: string; url: string }) => callFunction('setBookingMeetingLink', { storeId, bookingId, url }));

/**
 * The reschedule picker's loader for one booking (getCallOpenSlots: the times a buyer would be
 * offered, even while the call is unpublished or the store offline; the booking's own time free).
 */
export function openSlotsLoader(storeId: string, productId: string, bookingId: string): LoadSlots {
  return async ({ from, to, timeZone }, signal) => {
    const answer = await callFunction('getCallOpenSlots', { storeId, productId, bookingId, from, to, timeZone }, { signal });
    return answer.days.flatMap((day) => day.slots.map((slot) => slot.startsAt));
  };
}
