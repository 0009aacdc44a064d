// Exports SELF_SERVICE_MESSAGES: what the members area's membership functions refuse with.
export const SELF_SERVICE_MESSAGES = Object.freeze({
  ended: 'This membership has ended.',
  notChangeable: 'Only an active or trialing membership that is not cancelled can change tier.',
  sameTier: 'You are already on this tier.',
  notPausable: 'This membership cannot be paused: its tier does not allow it.',
  pauseNotNow: 'Only an active membership that is not cancelled can be paused.',
  pausedCancel: 'This membership is paused: resume it first, then cancel it.',
  notAvailableYet: 'This membership cannot be managed here yet. Please try again later.',
});
