import { AppError, COMMERCE_MESSAGES, MESSAGES, type SegmentFilter } from '@shopfront/core';

/**
 * The signed-up days must be real calendar days PostgreSQL takes (the contract's ISO check lets
 * year 0000 through) and in order; anything else is refused before a query runs.
 */
export function assertSegmentFilter(filter: SegmentFilter): void {
  for (const day of [filter.signedUpFrom, filter.signedUpTo]) {
    if (day !== undefined && Number(day.slice(0, 4)) < 1) throw new AppError('invalid-argument', MESSAGES.generic.invalidArgument);
  }
  if (filter.signedUpFrom && filter.signedUpTo && filter.signedUpFrom > filter.signedUpTo) {
    throw new AppError('invalid-argument', COMMERCE_MESSAGES.invalidDateRange);
  }
}
