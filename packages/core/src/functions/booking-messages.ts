// Exports BOOKING_LIMITS and CALL_SETTINGS_MESSAGES: the ranges of a call's settings and what a creator is told past them.

import { BOOKING_LIMITS } from '../booking-limits.ts';

export { BOOKING_LIMITS };

const L = BOOKING_LIMITS;

export const CALL_SETTINGS_MESSAGES = Object.freeze({
  duration: `A call lasts ${L.durationMin} to ${L.durationMax} minutes.`,
  buffer: `Buffers are 0 to ${L.bufferMax} minutes.`,
  minNotice: `Minimum notice is 0 to ${L.minNoticeMax / 1440} days.`,
  window: `Buyers can book ${L.windowDaysMin} to ${L.windowDaysMax} days ahead.`,
  dailyMax: `The daily maximum is ${L.dailyMaxMin} to ${L.dailyMaxMax} calls, or no limit.`,
  changeNotice: `The change notice is 0 to ${L.changeNoticeHoursMax} hours.`,
  packageSize: `A package is 1 to ${L.packageSizeMax} calls.`,
  packageValidity: `A package of several calls needs a validity of ${L.packageValidityDaysMin} to ${L.packageValidityDaysMax} days.`,
  packageValidityForOne: 'Only a package of several calls has a validity.',
  locationRequired: 'Add where the call happens: the video-call link, phone number or address.',
  locationNotUsed: 'A link made per booking needs no location.',
  locationTooLong: `The location can be at most ${L.locationValueMax} characters.`,
  videoUrl: 'The video-call link must be an https:// address.',
  tooManyQuestions: `A call can ask at most ${L.questionsMax} questions.`,
  questionLabel: `Each question needs a label of at most ${L.questionLabelMax} characters.`,
  questionRepeated: 'Each question needs its own id.',
  answerTooLong: `Answers can be at most ${L.answerMax} characters.`,
  wallTime: 'Times look like 09:00 (24:00 for midnight).',
  date: 'Enter a date as YYYY-MM-DD.',
  dateTime: 'Choose a time from the list.',
  refundFullHours: `A full refund lasts until 1 to ${L.changeNoticeHoursMax} hours before the call.`,
  refundPercent: 'The partial refund is 1 to 99 percent of the payment.',
  refundNoneHours: `No refund starts 0 to ${L.changeNoticeHoursMax} hours before the call.`,
  refundTiersOrder: 'No refund must start closer to the call than the full refund ends: enter fewer hours for it.',
  refundTiersNeeded: 'A tiered refund needs its hours and percentage.',
  refundTiersNotUsed: 'Only a tiered refund has hours and a percentage.',
  refundAmountWithoutRefund: 'Choose to refund the buyer before entering an amount.',
  nothingToRefund: 'This booking has no payment to refund.',
  notACall: 'Call not found',
  bookingNeeded: 'Choose a time for the call before checking out.',
  bookingNotForThisProduct: 'Only a call is booked at checkout.',
  noSessionsLeft: 'This package has no calls left to book.',
  packageExpired: 'This package can no longer be booked.',
  publishNeedsSettings: 'Set the call’s duration and location before publishing it.',
  publishNeedsHours: 'Set your weekly hours (Bookings → Availability) before publishing a call.',
  callTypeFixed: 'A product cannot become a call or stop being one. Create a new product instead.',
  callNotOneOffExtra: 'A call cannot be in a bundle or be an order bump.',
});
