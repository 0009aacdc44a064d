import type { Store } from '@shopfront/core';
import { Link } from 'react-router';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useActiveStore } from '#src/lib/active-store.ts';
import { useCampaign, useStoreProducts, useStoreTimeZone } from '../api/campaigns-api.ts';
import { CAMPAIGN_PATHS } from '../lib/campaign-paths.ts';
import { CampaignEditor } from './campaign-editor.tsx';
import { CampaignStats } from './campaign-stats.tsx';

/** /dashboard/email/campaigns/:campaignId (`new` to write one): the editor while it is a draft, its numbers after. */
export function CampaignScreen({ campaignId }: { campaignId: string }) {
  const { store, isPending, isError, error, refetch } = useActiveStore();
  if (isPending) return <Spinner label="Loading your store" />;
  if (isError) return <LoadError title="Your store could not load" error={error} onRetry={() => void refetch()} />;
  if (!store) return <p className="rounded-2xl bg-white p-8 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">Create a store first; then write to its audience here.</p>;
  return <StoreCampaign key={`${store.id}:${campaignId}`} store={store} campaignId={campaignId === 'new' ? null : campaignId} />;
}

function StoreCampaign({ store, campaignId }: { store: Store; campaignId: string | null }) {
  const campaign = useCampaign(store.id, campaignId);
  const products = useStoreProducts(store.id);
  const timeZone = useStoreTimeZone(store.id);

  if (campaignId && campaign.isPending) return <Spinner label="Loading the campaign" />;
  if (campaignId && campaign.isError) {
    return (
      <div className="space-y-4">
        <LoadError title="The campaign could not load" error={campaign.error} onRetry={() => void campaign.refetch()} />
        <Link to={CAMPAIGN_PATHS.list} className="inline-flex min-h-10 items-center text-sm font-semibold text-slate-600 hover:text-slate-900">
          ← All campaigns
        </Link>
      </div>
    );
  }
  const current = campaign.data ?? null;
  // A stopped send keeps its numbers; a campaign cancelled before anyone got it is a draft again.
  const editable = current === null || current.status === 'draft' || (current.status === 'cancelled' && current.stats.sent === 0);
  if (!editable) return <CampaignStats store={store} campaign={current} timeZone={timeZone} />;
  if (products.isPending) return <Spinner label="Loading your products" />;
  return <CampaignEditor store={store} campaign={current} products={products.data?.products ?? []} timeZone={timeZone} />;
}
