// Exports SELF_SERVICE_MESSAGES: what the members area's membership functions refuse with.
export const SELF_SERVICE_MESSAGES = Object.freeze({
  ended: 'This membership has ended.',
  notChangeable: 'Only an active or trialing membership that is not cancelled can change tier.',
  sameTier: 'You are already on this tier.',
  notAvailableYet: 'This membership cannot be managed here yet. Please try again later.',
});
