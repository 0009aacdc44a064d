import { reportsDeliveries, type EmailCampaign, type Store } from '@shopfront/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useEmailSettings } from '#src/lib/use-email-settings.ts';
import { toast } from '#src/lib/toast.ts';
import { useCancelCampaign, useStopCampaign } from '../api/campaigns-api.ts';
import { campaignToForm } from '../lib/campaign-form.ts';
import { CAMPAIGN_PATHS } from '../lib/campaign-paths.ts';
import { NOT_REPORTED, statLines } from '../lib/campaign-stats.ts';
import { campaignMoment } from '../lib/campaign-time.ts';
import { CampaignStatusBadge } from './campaign-status-badge.tsx';
import { PreviewPane } from './preview-pane.tsx';

/**
 * A campaign that is scheduled, sending or done: its numbers with their rates, why it stopped,
 * and the one action its state allows (cancel a scheduled send, stop a running one).
 */
export function CampaignStats({ store, campaign, timeZone }: { store: Store; campaign: EmailCampaign; timeZone: string }) {
  const navigate = useNavigate();
  const cancel = useCancelCampaign(store.id);
  const stop = useStopCampaign(store.id);
  const [confirming, setConfirming] = useState<'cancel' | 'stop' | null>(null);
  const action = confirming === 'stop' ? stop : cancel;
  const settings = useEmailSettings(store.id).data;
  const deliveryReported = settings ? reportsDeliveries(settings) : undefined;

  return (
    <div className="space-y-5">
      <div className="space-y-3">
        <Link to={CAMPAIGN_PATHS.list} className="inline-flex min-h-10 items-center text-sm font-semibold text-slate-600 hover:text-slate-900">
          ← All campaigns
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="min-w-0 break-words text-xl font-semibold text-slate-900">{campaign.name || campaign.subject}</h2>
          <CampaignStatusBadge status={campaign.status} />
        </div>
        <p className="text-sm text-slate-600">
          {campaignMoment(campaign, timeZone)} · To {campaign.segmentName ?? 'everyone who opted in'} · Subject “{campaign.subject}”
        </p>
      </div>

      {campaign.status === 'sending' ? (
        <Alert tone="info" title="Sending">
          The numbers update as it goes.
        </Alert>
      ) : null}
      {campaign.statusNote ? (
        <Alert tone={campaign.status === 'failed' ? 'error' : 'warning'} title={campaign.status === 'failed' ? 'It failed' : 'It was stopped'}>
          {campaign.statusNote}
        </Alert>
      ) : null}

      <section aria-labelledby="campaign-numbers-title" className="space-y-3">
        <h3 id="campaign-numbers-title" className="text-base font-semibold text-slate-900">
          Numbers
        </h3>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {statLines(campaign.stats, { deliveryReported }).map((line) => (
            <div key={line.key} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <dt className="text-sm font-medium text-slate-600">{line.label}</dt>
              {line.value === null ? (
                <dd className="mt-1 text-lg font-semibold text-slate-500" data-testid={`stat-${line.key}`}>
                  {NOT_REPORTED.value}
                </dd>
              ) : (
                <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900" data-testid={`stat-${line.key}`}>
                  {line.value.toLocaleString('en-US')}
                </dd>
              )}
              {line.rate ? <dd className="text-xs text-slate-500">{line.rate}</dd> : null}
            </div>
          ))}
        </dl>
        <p className="text-sm text-slate-600">Opens and clicks are counted only while tracking is on in Settings › Email.</p>
      </section>

      {campaign.status === 'scheduled' || campaign.status === 'sending' ? (
        <div className="flex flex-wrap gap-2">
          {campaign.status === 'scheduled' ? (
            <Button variant="secondary" onClick={() => setConfirming('cancel')}>
              Cancel campaign
            </Button>
          ) : (
            <Button variant="danger" onClick={() => setConfirming('stop')}>
              Stop sending
            </Button>
          )}
        </div>
      ) : null}

      <PreviewPane storeId={store.id} fields={campaignToForm(campaign)} />

      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'stop' ? 'Stop sending this campaign?' : 'Cancel this campaign?'}
        description={
          confirming === 'stop'
            ? 'People who have not got it yet never will. Those who have keep it. This cannot be resumed.'
            : 'It will not be sent. You can edit it and schedule it again.'
        }
        confirmLabel={confirming === 'stop' ? 'Stop sending' : 'Cancel campaign'}
        pendingLabel={confirming === 'stop' ? 'Stopping…' : 'Cancelling…'}
        pending={action.isPending}
        error={action.isError ? errorMessage(action.error) : null}
        onConfirm={() =>
          action.mutate(campaign.id, {
            onSuccess: (result) => {
              setConfirming(null);
              toast.success(confirming === 'stop' ? (result.statusNote ?? 'Sending stopped.') : 'Campaign cancelled.');
              if (confirming === 'cancel') navigate(CAMPAIGN_PATHS.campaign(result.id), { replace: true });
            },
          })
        }
        onClose={() => {
          action.reset();
          setConfirming(null);
        }}
      />
    </div>
  );
}
