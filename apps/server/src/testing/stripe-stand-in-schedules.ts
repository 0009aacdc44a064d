import { randomBytes } from 'node:crypto';
import { addStripeInterval, formMetadata, type ConnectedBilling } from './stripe-stand-in-subscriptions.ts';
import type { RecordedStripeRequest } from './stripe-stand-in.ts';

/**
 * Subscription schedules on connected accounts, for the stand-in (stripe-stand-in.ts), as far as
 * payment plans use them: `subscriptionSchedules.create({ from_subscription })` (one phase from the
 * subscription's current period, `end_behavior: release`), `retrieve`, and `update` with the
 * phases replaced (each phase `duration` or `end_date`, never both; the current phase keeps its
 * `start_date`) and `end_behavior`. A subscription already on a schedule cannot get another.
 */
export interface StandInSchedulePhase {
  start_date: number;
  end_date: number;
  items: { price: string; quantity: number }[];
  application_fee_percent: number | null;
  /** How the phase's length was asked for: `duration` (N intervals) or an `end_date`. */
  duration: { interval: 'day' | 'week' | 'month' | 'year'; interval_count: number } | null;
}

export interface StandInSchedule {
  id: string;
  object: 'subscription_schedule';
  subscription: string;
  customer: string;
  status: 'not_started' | 'active' | 'completed' | 'released' | 'canceled';
  end_behavior: 'release' | 'cancel';
  current_phase: { start_date: number; end_date: number } | null;
  phases: StandInSchedulePhase[];
  metadata: Record<string, string>;
}

type Answer = [number, unknown];
const invalid = (message: string): Answer => [400, { error: { type: 'invalid_request_error', message } }];

export function scheduleRoute(state: ConnectedBilling, request: RecordedStripeRequest): Answer | null {
  if (!request.stripeAccount) return null;
  if (request.method === 'POST' && request.path === '/v1/subscription_schedules') return createSchedule(state, request);
  const match = /^\/v1\/subscription_schedules\/([A-Za-z0-9_]+)$/.exec(request.path);
  if (!match) return null;
  const schedule = state.schedules.get(match[1]!);
  if (!schedule || schedule.account !== request.stripeAccount) {
    return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription_schedule: '${match[1]}'` } }];
  }
  if (request.method === 'GET') return [200, publicSchedule(schedule)];
  if (request.method !== 'POST') return null;
  const error = updateSchedule(schedule, request.body);
  return error ? invalid(error) : [200, publicSchedule(schedule)];
}

function createSchedule(state: ConnectedBilling, request: RecordedStripeRequest): Answer {
  const subscriptionId = request.body.from_subscription;
  if (!subscriptionId) return invalid('The stand-in makes schedules from_subscription only');
  if (Object.keys(request.body).some((key) => key.startsWith('phases'))) return invalid('You cannot set `phases` if `from_subscription` is set.');
  const subscription = state.subscriptions.get(subscriptionId);
  if (!subscription || subscription.account !== request.stripeAccount) return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${subscriptionId}'` } }];
  if (subscription.schedule) return invalid(`You cannot migrate a subscription that is already attached to a schedule: \`${subscription.schedule}\`.`);
  if (subscription.status === 'canceled') return invalid('You cannot migrate a canceled subscription.');
  const item = subscription.items.data[0]!;
  const phase: StandInSchedulePhase = {
    start_date: item.current_period_start,
    end_date: item.current_period_end,
    items: subscription.items.data.map((line) => ({ price: line.price.id, quantity: line.quantity })),
    application_fee_percent: subscription.application_fee_percent,
    duration: null,
  };
  const schedule = {
    id: `sub_sched_${randomBytes(10).toString('hex')}`,
    object: 'subscription_schedule' as const,
    subscription: subscription.id,
    customer: subscription.customer,
    status: 'active' as const,
    end_behavior: 'release' as const,
    current_phase: { start_date: phase.start_date, end_date: phase.end_date },
    phases: [phase],
    metadata: formMetadata(request.body),
    account: request.stripeAccount,
  };
  state.schedules.set(schedule.id, schedule);
  subscription.schedule = schedule.id;
  return [200, publicSchedule(schedule)];
}

/** Replaces the phases as Stripe does: `phases[i][…]` form fields, the first starting where the current phase did. */
function updateSchedule(schedule: StandInSchedule, body: Record<string, string>): string | null {
  if (schedule.status !== 'active' && schedule.status !== 'not_started') return `You cannot update a subscription schedule that is ${schedule.status}.`;
  const behavior = body.end_behavior;
  if (behavior !== undefined && behavior !== 'release' && behavior !== 'cancel') return `Invalid end_behavior: ${behavior}`;
  if (Object.keys(body).some((key) => /^phases\[\d+\]\[iterations\]$/.test(key))) return 'Received unknown parameter: phases[0][iterations]. Did you mean duration?';
  const phases: StandInSchedulePhase[] = [];
  for (let index = 0; `phases[${index}][items][0][price]` in body; index += 1) {
    const field = (name: string) => body[`phases[${index}][${name}]`];
    const start = index === 0 ? Number(field('start_date') ?? schedule.current_phase?.start_date) : phases[index - 1]!.end_date;
    if (index === 0 && schedule.current_phase && start !== schedule.current_phase.start_date) return 'You can not modify the start date of the current phase.';
    const interval = field('duration][interval');
    const endDate = field('end_date');
    if (interval && endDate) return 'You may only specify one of these parameters: duration, end_date.';
    if (!interval && !endDate) return 'Each phase needs an end_date or a duration.';
    const count = Number(field('duration][interval_count') ?? 1);
    let end = Number(endDate);
    if (interval) {
      if (interval !== 'month' && interval !== 'year') return `The stand-in schedules months and years only, not ${interval}`;
      end = start;
      for (let step = 0; step < count; step += 1) end = addStripeInterval(end, interval);
    }
    const items: StandInSchedulePhase['items'] = [];
    for (let item = 0; `phases[${index}][items][${item}][price]` in body; item += 1) {
      items.push({ price: body[`phases[${index}][items][${item}][price]`]!, quantity: Number(body[`phases[${index}][items][${item}][quantity]`] ?? 1) });
    }
    const fee = field('application_fee_percent');
    phases.push({ start_date: start, end_date: end, items, application_fee_percent: fee === undefined ? null : Number(fee), duration: interval === 'month' || interval === 'year' ? { interval, interval_count: count } : null });
  }
  if (phases.length > 0) {
    schedule.phases = phases;
    schedule.current_phase = { start_date: phases[0]!.start_date, end_date: phases[0]!.end_date };
  }
  if (behavior) schedule.end_behavior = behavior;
  Object.assign(schedule.metadata, formMetadata(body));
  return null;
}

export function publicSchedule(schedule: StandInSchedule & { account?: string | null }): StandInSchedule {
  const { account: _account, ...rest } = schedule;
  return JSON.parse(JSON.stringify(rest)) as StandInSchedule;
}
