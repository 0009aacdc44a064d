// Exports BOOKING_MESSAGES: what a buyer or creator is told when a booking is refused.
import { CALL_SETTINGS_MESSAGES } from '@shopfront/core';

/** Refusals of the booking rules (decision 043); spec §8 has no booking entries. */
export const BOOKING_MESSAGES = {
  noHours: 'This call has no open times yet.',
  slotNotOffered: 'This time is not available. Please choose another time.',
  slotTaken: 'This time was just booked by someone else. Please choose another time.',
  holdLost: 'The time held for this booking was released before payment arrived and has since been booked.',
  notConfirmed: 'Only a confirmed booking can be changed.',
  alreadyConfirmed: 'This booking is already confirmed for another order.',
  tooLateToChange: (hours: number) => `Bookings can be changed or cancelled up to ${hours} hours before the call.`,
  notStarted: 'A booking can be marked as a no-show only once the call has started.',
  answerRequired: (label: string) => `Please answer: ${label}`,
  answerTooLong: CALL_SETTINGS_MESSAGES.answerTooLong,
  periodOrder: 'Each open period needs a start time before its end time.',
  periodsOverlap: 'Open periods on one day must not overlap.',
  tooManyPeriods: (count: number) => `A day can have at most ${count} open periods.`,
  invalidDate: 'Enter a date as YYYY-MM-DD.',
  holidayOrder: 'A holiday must end on or after the day it starts.',
  holidayTooLong: (days: number) => `A holiday can last at most ${days} days.`,
  holidayName: (max: number) => `Give the holiday a name of at most ${max} characters.`,
  rangeTooLong: (days: number) => `Choose a range of at most ${days} days.`,
} as const;
