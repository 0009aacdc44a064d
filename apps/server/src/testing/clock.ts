/** A clock the test moves by hand (CONVENTIONS: no sleeps, inject a clock). */
export function manualClock(start = new Date('2030-01-01T00:00:00.000Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms: number) => void (current += ms),
    set: (date: Date) => void (current = date.getTime()),
  };
}

/** A clock one second further on each call, so "newest first" is well defined. */
export function tickingClock(start = Date.now()) {
  let current = start;
  return () => new Date((current += 1000));
}

/** Moves a manual clock to the start of an hour at least one hour ahead, so windows start fresh. */
export function moveToNextHourStart(clock: ReturnType<typeof manualClock>): void {
  const hour = 60 * 60_000;
  clock.set(new Date((Math.floor(clock.now().getTime() / hour) + 2) * hour));
}
