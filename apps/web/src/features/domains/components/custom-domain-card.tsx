import type { CustomDomain } from '@shopfront/core';
import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { toast } from '#src/lib/toast.ts';
import { Alert } from '#src/components/ui/alert.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useRemoveCustomDomain, useVerifyCustomDomain } from '../api/domains-api.ts';
import { CopyField } from './copy-field.tsx';

/**
 * One custom domain. Unverified: the TXT record to create and "Verify" (SECURITY: a domain goes
 * live only after DNS TXT verification). Verified: live. Either way it can be removed.
 */
export function CustomDomainCard({ storeId, domain }: { storeId: string; domain: CustomDomain }) {
  const verify = useVerifyCustomDomain(storeId);
  const remove = useRemoveCustomDomain(storeId);
  const [confirmRemove, setConfirmRemove] = useState(false);

  return (
    <div className="rounded-xl border border-slate-200 p-4" data-testid="custom-domain">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="break-all font-semibold text-slate-900">{domain.domain}</p>
          <DomainBadge verified={domain.verified} checking={verify.isPending} />
        </div>
        <Button variant="ghost" className="-mr-2 min-h-10 shrink-0 text-red-700 hover:bg-red-50" onClick={() => setConfirmRemove(true)}>
          Remove
        </Button>
      </div>

      {domain.verified ? (
        <p className="mt-3 text-sm text-slate-600">
          Visitors to{' '}
          <a href={`https://${domain.domain}`} target="_blank" rel="noreferrer" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            {domain.domain}
          </a>{' '}
          see your store.
        </p>
      ) : (
        <div className="mt-4 space-y-4">
          <p className="text-sm text-slate-700">
            At your domain provider, add this <strong>TXT record</strong>, then press Verify. DNS changes can take a few minutes to appear.
          </p>
          <div className="grid gap-3">
            <CopyField label="Name" value={domain.txtRecordName} />
            <CopyField label="Value" value={domain.txtRecordValue} />
          </div>
          {verify.isError ? (
            <Alert tone="warning" title="Not verified yet">
              {errorMessage(verify.error)}
            </Alert>
          ) : null}
          <Button
            onClick={() =>
              verify.mutate(domain.domain, {
                onSuccess: (result) => {
                  if (result.verified) toast.success(`${result.domain} is verified and live`);
                },
              })
            }
            disabled={verify.isPending}
            aria-busy={verify.isPending}
          >
            {verify.isPending ? 'Checking DNS…' : verify.isError ? 'Verify again' : 'Verify'}
          </Button>
        </div>
      )}

      <ConfirmDialog
        open={confirmRemove}
        title={`Remove ${domain.domain}?`}
        description={domain.verified ? 'Visitors to this domain will no longer reach your store. Your store stays available at its platform address.' : 'The pending domain and its TXT record are forgotten.'}
        confirmLabel="Remove domain"
        pendingLabel="Removing…"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={() =>
          remove.mutate(domain.domain, {
            onSuccess: () => {
              setConfirmRemove(false);
              toast.success(`${domain.domain} was removed`);
            },
          })
        }
        onClose={() => {
          setConfirmRemove(false);
          remove.reset();
        }}
      />
    </div>
  );
}

function DomainBadge({ verified, checking }: { verified: boolean; checking: boolean }) {
  const style = checking
    ? { text: 'Checking DNS…', className: 'bg-sky-50 text-sky-700 ring-sky-200', dot: 'animate-pulse bg-sky-500' }
    : verified
      ? { text: 'Verified', className: 'bg-emerald-50 text-emerald-700 ring-emerald-200', dot: 'bg-emerald-500' }
      : { text: 'Waiting for verification', className: 'bg-amber-50 text-amber-800 ring-amber-200', dot: 'bg-amber-500' };
  return (
    <span data-testid="domain-status" className={`mt-1 inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${style.className}`}>
      <span aria-hidden="true" className={`size-1.5 rounded-full ${style.dot}`} />
      {style.text}
    </span>
  );
}
