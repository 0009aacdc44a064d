/** Coaching calls in the dashboard and the members area: availability, bookings, the slot picker. */
export { AvailabilityScreen } from './components/availability-screen.tsx';
export { BookingsScreen } from './components/bookings-screen.tsx';
export { SlotPicker, type SlotPickerProps } from './components/slot-picker.tsx';
export { MyBookingsSection, NO_BOOKINGS_YET } from './components/my-bookings-section.tsx';
export { useMyBookings } from './api/my-bookings-api.ts';
