import { toMajorUnits, type AnalyticsBreakdownRow, type AnalyticsLinkRow, type AnalyticsOverview, type AnalyticsProductRow } from '@shopfront/core';
import { useId, useMemo, type ReactNode } from 'react';
import { countryName, deviceLabel, formatCount, formatRate, formatRevenue, sourceLabel, unknownLabel } from '../lib/format.ts';
import { AnalyticsTable, type TableColumn } from './analytics-table.tsx';

type Label = (value: string) => string;

function breakdownColumns(first: string, label: Label, currency: string): TableColumn<AnalyticsBreakdownRow>[] {
  return [
    { id: 'value', header: first, csv: (row) => label(row.value) },
    { id: 'visitors', header: 'Visitors', numeric: true, csv: (row) => row.visitors, cell: (row) => formatCount(row.visitors) },
    { id: 'views', header: 'Page views', numeric: true, csv: (row) => row.views, cell: (row) => formatCount(row.views) },
    { id: 'sales', header: 'Sales', numeric: true, csv: (row) => row.sales, cell: (row) => formatCount(row.sales) },
    revenueColumn<AnalyticsBreakdownRow>(currency),
  ];
}

/** Revenue in the store currency on screen; in the CSV, the amount in major units under a header naming the currency. */
export function revenueColumn<Row extends { revenueCents: number }>(currency: string): TableColumn<Row> {
  return {
    id: 'revenue',
    header: `Revenue (${currency})`,
    numeric: true,
    csv: (row) => toMajorUnits(row.revenueCents, currency),
    cell: (row) => formatRevenue(row.revenueCents, currency),
  };
}

function productColumns(currency: string): TableColumn<AnalyticsProductRow>[] {
  return [
    { id: 'product', header: 'Product', csv: (row) => row.title },
    { id: 'views', header: 'Views', numeric: true, csv: (row) => row.views, cell: (row) => formatCount(row.views) },
    { id: 'checkouts', header: 'Checkouts', numeric: true, csv: (row) => row.checkouts, cell: (row) => formatCount(row.checkouts) },
    { id: 'sales', header: 'Sales', numeric: true, csv: (row) => row.sales, cell: (row) => formatCount(row.sales) },
    revenueColumn<AnalyticsProductRow>(currency),
  ];
}

const LINK_COLUMNS: TableColumn<AnalyticsLinkRow>[] = [
  {
    id: 'link',
    header: 'Link',
    csv: (row) => row.label || 'Removed link',
  },
  { id: 'url', header: 'Address', csv: (row) => row.url, cell: (row) => <span className="inline-block max-w-64 whitespace-normal break-all text-slate-600">{row.url || '—'}</span> },
  { id: 'clicks', header: 'Clicks', numeric: true, csv: (row) => row.clicks, cell: (row) => formatCount(row.clicks) },
  { id: 'ctr', header: 'Click-through rate', numeric: true, csv: (row) => formatRate(row.clickThroughRate), cell: (row) => formatRate(row.clickThroughRate) },
];

/** Every table of the overview, grouped under three headings, each exporting its own rows. */
export function OverviewTables({ overview, filePrefix }: { overview: AnalyticsOverview; filePrefix: string }) {
  const { currency } = overview;
  const columns = useMemo(
    () => ({
      products: productColumns(currency),
      referrers: breakdownColumns('Referrer', sourceLabel, currency),
      utmSources: breakdownColumns('UTM source', sourceLabel, currency),
      utmCampaigns: breakdownColumns('UTM campaign', sourceLabel, currency),
      countries: breakdownColumns('Country', countryName, currency),
      devices: breakdownColumns('Device', deviceLabel, currency),
      browsers: breakdownColumns('Browser', unknownLabel, currency),
      operatingSystems: breakdownColumns('Operating system', unknownLabel, currency),
      pages: breakdownColumns('Page', (value) => (value ? `/${value}` : 'Unknown'), currency),
    }),
    [currency],
  );
  const byValue = (row: AnalyticsBreakdownRow) => row.value;
  const common = { filePrefix };

  return (
    <>
      <TableGroup title="What people looked at">
        <AnalyticsTable {...common} title="Top products" rows={overview.products} columns={columns.products} rowKey={(row) => row.productId} />
        <AnalyticsTable {...common} title="Top links" description="Clicks on your store’s links and social icons." rows={overview.links} columns={LINK_COLUMNS} rowKey={(row) => row.linkId} />
        <AnalyticsTable {...common} title="Website pages" rows={overview.pages} columns={columns.pages} rowKey={byValue} />
      </TableGroup>
      <TableGroup title="Where visitors came from">
        <AnalyticsTable {...common} title="Referrers" rows={overview.referrers} columns={columns.referrers} rowKey={byValue} />
        <AnalyticsTable {...common} title="UTM sources" rows={overview.utmSources} columns={columns.utmSources} rowKey={byValue} />
        <AnalyticsTable {...common} title="UTM campaigns" rows={overview.utmCampaigns} columns={columns.utmCampaigns} rowKey={byValue} />
      </TableGroup>
      <TableGroup title="Who visited">
        <AnalyticsTable {...common} title="Countries" rows={overview.countries} columns={columns.countries} rowKey={byValue} />
        <AnalyticsTable {...common} title="Devices" rows={overview.devices} columns={columns.devices} rowKey={byValue} />
        <AnalyticsTable {...common} title="Browsers" rows={overview.browsers} columns={columns.browsers} rowKey={byValue} />
        <AnalyticsTable {...common} title="Operating systems" rows={overview.operatingSystems} columns={columns.operatingSystems} rowKey={byValue} />
      </TableGroup>
    </>
  );
}

export function TableGroup({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {/* Side by side only where each table has room for all its columns (a 1280 px screen has not). */}
      <div className="grid gap-4 2xl:grid-cols-2">{children}</div>
    </section>
  );
}
