import type { CampaignStats, EmailCampaign, Store } from '@shopfront/core';
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { Link } from 'react-router';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { TableScroller } from '#src/components/ui/table-scroller.tsx';
import { useActiveStore } from '#src/lib/active-store.ts';
import { useCampaigns, useStoreTimeZone } from '../api/campaigns-api.ts';
import { CAMPAIGN_PATHS } from '../lib/campaign-paths.ts';
import { campaignMoment } from '../lib/campaign-time.ts';
import { CampaignStatusBadge } from './campaign-status-badge.tsx';

export const EMPTY_CAMPAIGNS_TEXT = 'No campaigns yet. Write your first email to the people who opted in.';

interface ListMeta {
  timeZone: string;
}

const column = createColumnHelper<EmailCampaign>();
const stat = (key: keyof CampaignStats, header: string) =>
  column.accessor((row) => row.stats[key], { id: key, header, cell: (ctx) => (ctx.row.original.status === 'draft' ? '—' : ctx.getValue().toLocaleString('en-US')) });

/** Module-level, so cell renderers keep their identity between renders. */
const columns = [
  column.display({
    id: 'campaign',
    header: 'Campaign',
    cell: (ctx) => {
      const campaign = ctx.row.original;
      const title = campaign.name || campaign.subject || 'Untitled campaign';
      return (
        <div className="min-w-40 max-w-xs whitespace-normal">
          <Link to={CAMPAIGN_PATHS.campaign(campaign.id)} className="font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
            {title}
          </Link>
          {campaign.name && campaign.subject ? <p className="text-slate-600">{campaign.subject}</p> : null}
        </div>
      );
    },
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (ctx) => (
      <div className="space-y-1">
        <CampaignStatusBadge status={ctx.getValue()} />
        <p className="min-w-36 whitespace-normal text-slate-600">{campaignMoment(ctx.row.original, (ctx.table.options.meta as ListMeta).timeZone)}</p>
      </div>
    ),
  }),
  stat('recipients', 'Recipients'),
  stat('delivered', 'Delivered'),
  stat('opened', 'Opened'),
  stat('clicked', 'Clicked'),
  stat('bounced', 'Bounced'),
  stat('unsubscribed', 'Unsubscribed'),
];

/** The Campaigns tab of /dashboard/email: every campaign of the active store with its numbers. */
export function CampaignsPanel() {
  const { store, isPending, isError, error, refetch } = useActiveStore();
  if (isPending) return <Spinner label="Loading your store" />;
  if (isError) return <LoadError title="Your store could not load" error={error} onRetry={() => void refetch()} />;
  if (!store) return <p className="rounded-2xl bg-white p-8 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">Create a store first; its email campaigns will appear here.</p>;
  return <CampaignsList key={store.id} store={store} />;
}

function CampaignsList({ store }: { store: Store }) {
  const campaigns = useCampaigns(store.id);
  const timeZone = useStoreTimeZone(store.id);
  const table = useReactTable({
    data: campaigns.data?.campaigns ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.id,
    meta: { timeZone } satisfies ListMeta,
  });

  if (campaigns.isPending) return <Spinner label="Loading campaigns" />;
  if (campaigns.isError) return <LoadError title="Campaigns could not load" error={campaigns.error} onRetry={() => void campaigns.refetch()} />;
  const list = campaigns.data.campaigns;

  return (
    <section aria-labelledby="campaigns-title" className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="campaigns-title" className="text-lg font-semibold text-slate-900">
            Campaigns
          </h2>
          <p className="text-sm text-slate-600">Times are in your store’s time zone ({timeZone}).</p>
        </div>
        {list.length > 0 ? (
          <Link to={CAMPAIGN_PATHS.create} className={buttonClasses('primary')}>
            New campaign
          </Link>
        ) : null}
      </div>
      {list.length === 0 ? (
        <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <p className="text-slate-600">{EMPTY_CAMPAIGNS_TEXT}</p>
          <Link to={CAMPAIGN_PATHS.create} className={buttonClasses('primary', 'mt-5')}>
            New campaign
          </Link>
        </div>
      ) : (
        <TableScroller label="Email campaigns" className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm" aria-busy={campaigns.isFetching}>
            <caption className="sr-only">Email campaigns, newest first</caption>
            <thead className="bg-slate-50">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => (
                    <th key={header.id} scope="col" className="whitespace-nowrap px-3 py-2.5 text-left font-semibold text-slate-700">
                      {flexRender(header.column.columnDef.header, header.getContext())}
                    </th>
                  ))}
                </tr>
              ))}
            </thead>
            <tbody className="divide-y divide-slate-100">
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className="whitespace-nowrap px-3 py-3 align-top text-slate-800">
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
    </section>
  );
}
