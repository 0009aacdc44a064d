// Exports BOOKING_LIMITS. Zod-free (a storefront subpath, `@shopfront/core/booking-limits`): the
// storefront's booking form checks answers against the same numbers as the server.

/** The database's check constraints (decision 043) and the functions' own limits. */
export const BOOKING_LIMITS = Object.freeze({
  durationMin: 5,
  durationMax: 480,
  bufferMax: 240,
  /** Minutes (30 days). */
  minNoticeMax: 43_200,
  windowDaysMin: 1,
  windowDaysMax: 730,
  dailyMaxMin: 1,
  dailyMaxMax: 100,
  changeNoticeHoursMax: 720,
  packageSizeMax: 100,
  packageValidityDaysMin: 1,
  packageValidityDaysMax: 3650,
  questionsMax: 10,
  questionLabelMax: 200,
  answerMax: 2000,
  locationValueMax: 500,
  periodsPerDay: 12,
  holidayNameMax: 100,
  holidayDaysMax: 366,
  /** The longest range one open-slots request reads. */
  openSlotsDaysMax: 42,
  bookingsPageSize: 50,
  /** The bookings CSV is built in one answer (filters narrow it). */
  exportRowsMax: 5000,
  /** A call's checkout (and the time it holds) closes after this long; Stripe's shortest session is 30 minutes. */
  checkoutHoldMinutes: 35,
  /** A video-call link is shown to the buyer from this many minutes before the start. */
  joinLinkMinutesBefore: 15,
});
