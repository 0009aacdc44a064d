import type { Availability, WeeklyHours } from '@shopfront/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { availabilityKey } from '#src/lib/booking-availability.ts';
import { callFunction } from '#src/lib/call-function.ts';
import { STORE_KEYS } from '#src/lib/store-keys.ts';

export { useAvailability } from '#src/lib/booking-availability.ts';

const overridesKey = (storeId: string) => [...STORE_KEYS.store(storeId), 'availability-overrides'] as const;
const holidaysKey = (storeId: string) => [...STORE_KEYS.store(storeId), 'holidays'] as const;
const feedKey = (storeId: string) => [...STORE_KEYS.store(storeId), 'booking-feed'] as const;
const sourcesKey = (storeId: string) => [...STORE_KEYS.store(storeId), 'calendar-sources'] as const;

/** setAvailability (zone and weekly hours, whole); the answer is the new cached availability. */
export function useSetAvailability(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: { timeZone: string; weeklyHours: WeeklyHours }) => callFunction('setAvailability', { storeId, ...value }),
    onSuccess: (saved: Availability) => queryClient.setQueryData(availabilityKey(storeId), saved),
  });
}

/** Upcoming date overrides, in date order. */
export function useOverrides(storeId: string) {
  return useQuery({ queryKey: overridesKey(storeId), queryFn: () => callFunction('listAvailabilityOverrides', { storeId }) });
}

export function useSetOverride(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { date: string; hours: { start: string; end: string }[] }) => callFunction('setAvailabilityOverride', { storeId, ...input }),
    onSuccess: (list) => queryClient.setQueryData(overridesKey(storeId), list),
  });
}

export function useDeleteOverride(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => callFunction('deleteAvailabilityOverride', { storeId, date }),
    onSuccess: (list) => queryClient.setQueryData(overridesKey(storeId), list),
  });
}

/** Holidays ending today or later, in date order. */
export function useHolidays(storeId: string) {
  return useQuery({ queryKey: holidaysKey(storeId), queryFn: () => callFunction('listHolidays', { storeId }) });
}

export function useAddHoliday(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; startsOn: string; endsOn: string }) => callFunction('addHoliday', { storeId, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: holidaysKey(storeId) }),
  });
}

export function useDeleteHoliday(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (holidayId: string) => callFunction('deleteHoliday', { storeId, holidayId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: holidaysKey(storeId) }),
  });
}

/** Whether the private calendar feed is on (its URL is shown only when made). */
export function useFeedStatus(storeId: string) {
  return useQuery({ queryKey: feedKey(storeId), queryFn: () => callFunction('getBookingFeedStatus', { storeId }) });
}

export function useCreateFeed(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callFunction('createBookingFeedUrl', { storeId }),
    onSuccess: (made) => queryClient.setQueryData(feedKey(storeId), { active: true, createdAt: made.createdAt }),
  });
}

export function useRevokeFeed(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callFunction('revokeBookingFeedUrl', { storeId }),
    onSuccess: (status) => queryClient.setQueryData(feedKey(storeId), status),
  });
}

/** The external calendars whose busy times hide slots, with how their last read went. */
export function useCalendarSources(storeId: string) {
  return useQuery({ queryKey: sourcesKey(storeId), queryFn: () => callFunction('listCalendarSources', { storeId }), refetchInterval: 60_000 });
}

export function useAddCalendarSource(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => callFunction('addCalendarSource', { storeId, url }),
    onSuccess: (list) => queryClient.setQueryData(sourcesKey(storeId), list),
  });
}

export function useRemoveCalendarSource(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sourceId: string) => callFunction('removeCalendarSource', { storeId, sourceId }),
    onSuccess: (list) => queryClient.setQueryData(sourcesKey(storeId), list),
  });
}
