import type { StoreEmailSettings } from '@shopfront/core';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useAccountAction, type AccountAction } from '../api/email-settings-api.ts';
import { COMPLAINT_RULE, formatRate } from '../complaint-rate.ts';

const PROVIDER_LABEL: Record<StoreEmailSettings['provider'], string> = {
  outbox: 'The platform outbox (messages stay on this server; see /debug/mailbox)',
  smtp: 'The platform’s SMTP server',
  smtp2go: 'smtp2go, with a sub-account of its own for this store',
};

const WEBHOOK_LABEL: Record<StoreEmailSettings['smtp2goSubAccount']['webhookStatus'], string> = {
  none: 'Not created',
  pending: 'Waiting for smtp2go',
  active: 'Active',
  failed: 'Failed',
};

const ACTION_TEXT: Record<AccountAction, { label: string; pending: string; done: string }> = {
  enableStoreEmail: { label: 'Enable email', pending: 'Enabling…', done: 'Email is enabled' },
  retryEmailSubaccountCreation: { label: 'Retry sub-account creation', pending: 'Retrying…', done: 'The sub-account was created' },
  retryWebhookCreation: { label: 'Retry webhook creation', pending: 'Retrying…', done: 'The webhook was created' },
};

/** What repairs a half-made smtp2go setup, if anything (spec §7). */
function repairOf(account: StoreEmailSettings['smtp2goSubAccount']): AccountAction | null {
  if (!account.exists) return account.lastError ? 'retryEmailSubaccountCreation' : 'enableStoreEmail';
  if (!account.hasApiKey) return 'retryEmailSubaccountCreation';
  if (account.webhookStatus === 'none' || account.webhookStatus === 'failed') return 'retryWebhookCreation';
  return null;
}

/** The store's sending account: provider, smtp2go sub-account and webhook, and the buttons that repair it. */
export function SendingStatus({ storeId, settings }: { storeId: string; settings: StoreEmailSettings }) {
  const act = useAccountAction(storeId);
  const account = settings.smtp2goSubAccount;
  const action = settings.provider === 'smtp2go' ? repairOf(account) : null;

  return (
    <div className="mt-6 space-y-3 border-t border-slate-200 pt-5">
      <h3 className="text-base font-semibold text-slate-900">Sending</h3>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-700">Sent through</dt>
        <dd className="text-slate-900">{PROVIDER_LABEL[settings.provider]}</dd>
        {settings.provider === 'smtp2go' ? (
          <>
            <dt className="font-medium text-slate-700">Sub-account</dt>
            <dd className="text-slate-900">{account.exists ? (account.hasApiKey ? 'Created' : 'Created, but its API key is missing') : 'Not created'}</dd>
            <dt className="font-medium text-slate-700">Webhook</dt>
            <dd className="text-slate-900">{WEBHOOK_LABEL[account.webhookStatus]}</dd>
            <dt className="font-medium text-slate-700">Status</dt>
            <dd className={account.configured ? 'font-semibold text-emerald-700' : 'font-semibold text-amber-700'}>
              {account.configured ? 'Configured' : 'Not configured yet'}
              <span className="block text-xs font-normal text-slate-600">Configured only when the webhook is active: it reports deliveries, bounces, complaints and unsubscribes.</span>
            </dd>
          </>
        ) : null}
        <dt className="font-medium text-slate-700">Spam complaints</dt>
        <dd className="text-slate-900">
          {formatRate(settings.recentComplaintRate)} of recent emails
          <span className="block text-xs text-slate-600">{COMPLAINT_RULE}</span>
        </dd>
      </dl>
      {settings.provider === 'smtp2go' && account.lastError ? <Alert title="The last setup step failed">{account.lastError}</Alert> : null}
      {act.isError ? <Alert>{errorMessage(act.error)}</Alert> : null}
      {action ? (
        <Button
          variant={action === 'enableStoreEmail' ? 'primary' : 'secondary'}
          disabled={act.isPending}
          aria-busy={act.isPending}
          onClick={() => act.mutate(action, { onSuccess: () => toast.success(ACTION_TEXT[action].done) })}
        >
          {act.isPending ? ACTION_TEXT[action].pending : ACTION_TEXT[action].label}
        </Button>
      ) : null}
    </div>
  );
}
