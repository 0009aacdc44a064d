import { contracts, type FunctionName } from '@shopfront/core';
import type { Env } from '../env.ts';
import { adminHandlers } from './admin/index.ts';
import { affiliateHandlers } from './affiliates/index.ts';
import { analyticsHandlers } from './analytics/index.ts';
import { authHandlers } from './auth/index.ts';
import { automationHandlers } from './automations/index.ts';
import { billingHandlers } from './billing/index.ts';
import { bookingHandlers } from './bookings/index.ts';
import { checkoutHandlers } from './checkout/index.ts';
import { courseHandlers } from './courses/index.ts';
import { customerHandlers } from './customers/index.ts';
import { discountHandlers } from './discounts/index.ts';
import { domainHandlers } from './domains/index.ts';
import { emailHandlers } from './email/index.ts';
import { memberHandlers } from './members/index.ts';
import { memberBookingHandlers } from './member-bookings/index.ts';
import { memberCourseHandlers } from './member-courses/index.ts';
import { memberMembershipHandlers } from './member-memberships/index.ts';
import { membershipHandlers } from './memberships/index.ts';
import { membershipPostHandlers } from './memberships/posts-handlers.ts';
import { notificationHandlers } from './notifications/index.ts';
import { orderHandlers } from './orders/index.ts';
import { paymentPlanHandlers } from './payment-plans/index.ts';
import { platformHandlers } from './platform/index.ts';
import { productHandlers } from './products/index.ts';
import { storefrontHandlers } from './storefront/index.ts';
import { storeHandlers } from './stores/index.ts';
import { systemHandlers } from './system/index.ts';
import { testClockHandlers } from './test-clock/index.ts';
import type { HandlerRegistry, RegisteredFunction } from './types.ts';
import { websiteHandlers } from './website/index.ts';

/**
 * Every contract in @shopfront/core with its handler (CONVENTIONS rule 3: contract first). Each
 * area lists its handlers in its own index.ts; a missing or misspelt handler is a type error here.
 */
export const handlers: HandlerRegistry = {
  ...systemHandlers,
  ...storeHandlers,
  ...domainHandlers,
  ...storefrontHandlers,
  ...authHandlers,
  ...adminHandlers,
  ...productHandlers,
  ...checkoutHandlers,
  ...paymentPlanHandlers,
  ...orderHandlers,
  ...customerHandlers,
  ...memberHandlers,
  ...memberMembershipHandlers,
  ...membershipHandlers,
  ...membershipPostHandlers,
  ...courseHandlers,
  ...memberCourseHandlers,
  ...bookingHandlers,
  ...memberBookingHandlers,
  ...discountHandlers,
  ...notificationHandlers,
  ...platformHandlers,
  ...billingHandlers,
  ...emailHandlers,
  ...websiteHandlers,
  ...analyticsHandlers,
  ...affiliateHandlers,
  ...testClockHandlers,
  ...automationHandlers,
};

export type FunctionTable = ReadonlyMap<string, RegisteredFunction>;

/**
 * The functions this server answers. `devOnly` contracts are left out in production, so they
 * answer 404 like an unknown name (SECURITY: development-only functions).
 */
export function buildFunctionTable(
  env: Pick<Env, 'nodeEnv'>,
  extra: readonly RegisteredFunction[] = [],
): FunctionTable {
  const table = new Map<string, RegisteredFunction>();
  for (const name of Object.keys(contracts) as FunctionName[]) {
    table.set(name, { contract: contracts[name], handler: handlers[name] as RegisteredFunction['handler'] });
  }
  for (const entry of extra) table.set(entry.contract.name, entry);
  if (env.nodeEnv === 'production') {
    for (const [name, entry] of table) if (entry.contract.devOnly) table.delete(name);
  }
  return table;
}
