import { ANALYTICS_LIMITS, type AnalyticsAdvanced } from '@shopfront/core';
import { and, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { analyticsDaily, emailCampaigns, type StoreRow } from '#src/db/schema/index.ts';
import { counterColumns } from './analytics-counters.ts';
import { resolveAnalyticsPeriod, type DayRange, type PeriodRequest } from './analytics-period.ts';
import { readBreakdowns, type BreakdownRow } from './read-breakdowns.ts';
import { readFunnel } from './read-funnel.ts';
import { DELETED_CAMPAIGN } from './row-names.ts';

const sourceRow = ({ value, visitors, sales, revenueCents }: BreakdownRow) => ({ value, visitors, sales, revenueCents });

/**
 * Funnel and sources-to-revenue for a period of a store the caller owns (the `advancedAnalytics`
 * flag is the handler's to check). Revenue is credited to the visit's entry source, as every
 * rollup does; email campaigns are the utm_campaign values that are campaign ids (campaign mail
 * adds utm_medium=email and the campaign's id to its links to the store).
 */
export async function getAdvancedAnalytics(
  db: Executor,
  options: { store: StoreRow; request: PeriodRequest; now: Date },
): Promise<AnalyticsAdvanced> {
  const { store } = options;
  const { range } = resolveAnalyticsPeriod(options.request, { now: options.now, timeZone: store.timeZone });
  const [funnel, tables] = await Promise.all([
    readFunnel(db, { storeId: store.id, range }),
    readBreakdowns(db, { storeId: store.id, range, dimensions: ['referrer', 'utm_source', 'utm_campaign'], order: 'revenue' }),
  ]);
  return {
    currency: store.currency,
    range,
    funnel,
    revenueByReferrer: (tables.get('referrer') ?? []).map(sourceRow),
    revenueByUtmSource: (tables.get('utm_source') ?? []).map(sourceRow),
    revenueByUtmCampaign: (tables.get('utm_campaign') ?? []).map(sourceRow),
    emailCampaigns: await readCampaignRevenue(db, { storeId: store.id, range }),
  };
}

/**
 * The utm_campaign rollup rows whose value is a campaign id (`cmp_` + 20 characters: what campaign
 * mail puts there), named by this store's campaign's subject.
 */
async function readCampaignRevenue(db: Executor, options: { storeId: string; range: DayRange }): Promise<AnalyticsAdvanced['emailCampaigns']> {
  const { visitors, sales, revenueCents } = counterColumns(analyticsDaily);
  const rows = await db
    .select({ campaignId: analyticsDaily.value, subject: emailCampaigns.subject, visitors, sales, revenueCents })
    .from(analyticsDaily)
    .leftJoin(emailCampaigns, and(eq(emailCampaigns.id, analyticsDaily.value), eq(emailCampaigns.storeId, analyticsDaily.storeId)))
    .where(
      and(
        eq(analyticsDaily.storeId, options.storeId),
        gte(analyticsDaily.day, options.range.from),
        lte(analyticsDaily.day, options.range.to),
        eq(analyticsDaily.dimension, 'utm_campaign'),
        sql`${analyticsDaily.value} ~ '^cmp_[0-9a-z]{20}$'`,
        // An automation email's hidden campaign row is not a campaign (decision 044): its numbers are the automation's.
        isNull(emailCampaigns.automationId),
        isNull(emailCampaigns.membershipPostId),
      ),
    )
    .groupBy(analyticsDaily.value, emailCampaigns.subject)
    .orderBy(desc(sql`sum(${analyticsDaily.revenueCents})`), desc(sql`sum(${analyticsDaily.sales})`), desc(sql`sum(${analyticsDaily.visitors})`), analyticsDaily.value)
    .limit(ANALYTICS_LIMITS.tableRows);
  return rows.map(({ subject, ...row }) => ({ ...row, name: subject ?? DELETED_CAMPAIGN }));
}
