import type { MembershipInterval, MembershipRow, MembershipStatus } from '#src/db/schema/index.ts';

/**
 * What provider events decide about a membership (the row without its id and bookkeeping; a
 * scheduled price move is the creator's, applied by the `price_changed` event at its renewal).
 */
export type MembershipState = Omit<MembershipRow, 'id' | 'testCard' | 'createdAt' | 'updatedAt' | 'nextPriceCents' | 'nextPriceFrom'>;

interface EventBase {
  provider: 'stripe' | 'test';
  /** Unique per provider: a replay of the same id is dropped before it gets here. */
  eventId: string;
  providerSubscriptionId: string;
  /** When the provider created the event (the store's test clock for the test provider): orders events. */
  createdAt: Date;
}

export type MembershipEvent = EventBase &
  (
    | {
        type: 'created';
        membership: Pick<MembershipState, 'storeId' | 'productId' | 'tierId' | 'customerId' | 'priceCents' | 'currency' | 'setupFeeCents' | 'currentPeriodStart' | 'currentPeriodEnd' | 'trialEnd'> & {
          status: Extract<MembershipStatus, 'trialing' | 'active'>;
          interval: MembershipInterval;
        };
      }
    | { type: 'trial_will_end' }
    /** A period paid: `renewed` on time, `recovered` after failed attempts. */
    | { type: 'renewed' | 'recovered'; periodStart: Date; periodEnd: Date }
    | { type: 'payment_failed'; attempt: number; graceUntil: Date }
    | { type: 'paused'; until?: Date | null }
    | { type: 'resumed'; periodStart?: Date; periodEnd?: Date }
    | { type: 'cancel_scheduled'; reason: string | null }
    | { type: 'cancel_undone' }
    /** The member moved to another tier of the same product: the new price from the next renewal, same period. */
    | { type: 'tier_changed'; tierId: string; priceCents: number }
    /** A price move the member had notice of reached its renewal: this period and the next ones charge it. */
    | { type: 'price_changed'; priceCents: number }
    | { type: 'ended' }
  );

export type MembershipEventType = MembershipEvent['type'];

export type MembershipEventResult = { outcome: 'applied'; state: MembershipState } | { outcome: 'stale' | 'ignored' };

const STALE = { outcome: 'stale' } as const;
const IGNORED = { outcome: 'ignored' } as const;
const can = (state: MembershipState, ...statuses: MembershipStatus[]) => statuses.includes(state.status);

/**
 * The one place a membership's state changes, pure so every rule is tested without a database:
 *  - an event older than the newest one applied is stale and changes nothing (out-of-order
 *    delivery), and an ended membership never comes back (a late `renewed` cannot revive it);
 *  - an event that does not apply to the current state (resuming what is not paused) is ignored;
 *  - otherwise the new state, with `lastEventAt` moved to the event's time.
 * Replays (the same event id) are stopped by record-membership-event.ts before this runs.
 */
export function applyMembershipEvent(current: MembershipState | null, event: MembershipEvent): MembershipEventResult {
  if (event.type === 'created') {
    if (current) return event.createdAt < current.lastEventAt ? STALE : IGNORED;
    return { outcome: 'applied', state: created(event) };
  }
  if (!current) return IGNORED;
  if (current.status === 'ended' || event.createdAt < current.lastEventAt) return STALE;
  const next = transition(current, event);
  if (!next) return IGNORED;
  return { outcome: 'applied', state: { ...current, ...next, lastEventAt: event.createdAt } };
}

function transition(current: MembershipState, event: Exclude<MembershipEvent, { type: 'created' }>): Partial<MembershipState> | null {
  switch (event.type) {
    case 'trial_will_end':
      return can(current, 'trialing') ? {} : null;
    case 'renewed':
    case 'recovered':
      if (!can(current, 'trialing', 'active', 'past_due')) return null;
      return { status: 'active', currentPeriodStart: event.periodStart, currentPeriodEnd: event.periodEnd, graceUntil: null, failedAttempts: 0 };
    case 'payment_failed':
      if (!can(current, 'trialing', 'active', 'past_due')) return null;
      return { status: 'past_due', graceUntil: event.graceUntil, failedAttempts: event.attempt };
    case 'paused':
      return can(current, 'trialing', 'active') ? { status: 'paused', pausedAt: event.createdAt, pausedUntil: event.until ?? null } : null;
    case 'resumed':
      if (!can(current, 'paused')) return null;
      return {
        status: 'active',
        pausedAt: null,
        pausedUntil: null,
        ...(event.periodStart ? { currentPeriodStart: event.periodStart } : {}),
        ...(event.periodEnd ? { currentPeriodEnd: event.periodEnd } : {}),
      };
    case 'cancel_scheduled':
      return { cancelAtPeriodEnd: true, cancelReason: event.reason };
    case 'cancel_undone':
      return current.cancelAtPeriodEnd ? { cancelAtPeriodEnd: false, cancelReason: null } : null;
    case 'tier_changed':
      return can(current, 'trialing', 'active') ? { tierId: event.tierId, priceCents: event.priceCents } : null;
    case 'price_changed':
      return can(current, 'trialing', 'active', 'past_due') ? { priceCents: event.priceCents } : null;
    case 'ended':
      return { status: 'ended', endedAt: event.createdAt, graceUntil: null, pausedAt: null, pausedUntil: null, cancelAtPeriodEnd: false };
  }
}

function created(event: Extract<MembershipEvent, { type: 'created' }>): MembershipState {
  return {
    ...event.membership,
    provider: event.provider,
    providerSubscriptionId: event.providerSubscriptionId,
    cancelAtPeriodEnd: false,
    cancelReason: null,
    pausedAt: null,
    pausedUntil: null,
    graceUntil: null,
    failedAttempts: 0,
    endedAt: null,
    lastEventAt: event.createdAt,
  };
}
