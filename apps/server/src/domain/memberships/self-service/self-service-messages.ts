// Exports SELF_SERVICE_MESSAGES: what the members area's membership functions refuse with.
import { MEMBERSHIP_LIMITS } from '@shopfront/core';

export const SELF_SERVICE_MESSAGES = Object.freeze({
  ended: 'This membership has ended.',
  notChangeable: 'Only an active or trialing membership that is not cancelled can change tier.',
  sameTier: 'You are already on this tier.',
  notPausable: 'This membership cannot be paused: its tier does not allow it.',
  pauseNotNow: 'Only an active membership that is not cancelled can be paused.',
  pauseInTrial: 'A free trial cannot be paused: nothing is charged until it ends. Cancel before then if you do not want to go on; once your first payment is made you can pause.',
  resumeTooSoon: 'Pick a resume date from tomorrow on.',
  resumeTooLate: `Pick a resume date at most ${MEMBERSHIP_LIMITS.maxPauseDays} days from today.`,
  /** The tier's own longest pause: the member picks a resume date within it. */
  resumeWithinTierLimit: (days: number) => `This tier allows a pause of at most ${days} ${days === 1 ? 'day' : 'days'}: pick a resume date at most ${days} ${days === 1 ? 'day' : 'days'} from today.`,
  resumeNotADay: 'Pick a resume date that exists on the calendar.',
  pausedCancel: 'This membership is paused: resume it first, then cancel it.',
  notAvailableYet: 'This membership cannot be managed here yet. Please try again later.',
});
