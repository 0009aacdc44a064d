import { zodResolver } from '@hookform/resolvers/zod';
import type { AffiliateInvite } from '@shopfront/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useInviteAffiliate } from '../api/affiliates-api.ts';
import { formatDate } from '../lib/format.ts';
import { inviteFormSchema } from '../lib/form-schemas.ts';
import { CARD_BODY, Card } from './card.tsx';

/** Invite by email (that address joins approved, whatever the join mode), and the invites not yet taken up. */
export function InviteCard({ storeId, invites }: { storeId: string; invites: AffiliateInvite[] }) {
  const invite = useInviteAffiliate(storeId);
  const [result, setResult] = useState('');
  const { register, handleSubmit, reset, formState } = useForm<{ email: string }, unknown, { email: string }>({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: { email: '' },
  });
  const pending = invites.filter((item) => item.acceptedAt === null && item.declinedAt === null);
  const declined = invites.filter((item) => item.acceptedAt === null && item.declinedAt !== null);

  const submit = handleSubmit(async ({ email }) => {
    setResult('');
    try {
      await invite.mutateAsync(email);
      reset({ email: '' });
      setResult(`Invitation sent to ${email}.`);
    } catch {
      // The Alert below shows the server's message.
    }
  });

  return (
    <Card title="Invite an affiliate" description="We email them a link to join. Invited people join at once, even when you approve everyone else.">
      <div className={`space-y-4 ${CARD_BODY}`}>
        <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start" aria-label="Invite an affiliate">
          <TextField label="Email address" type="email" autoComplete="off" className="min-w-0 flex-1" error={formState.errors.email?.message} {...register('email')} />
          <Button type="submit" className="sm:mt-7" disabled={formState.isSubmitting} aria-busy={formState.isSubmitting}>
            {formState.isSubmitting ? 'Sending…' : 'Send invite'}
          </Button>
        </form>
        {invite.isError ? <Alert>{errorMessage(invite.error)}</Alert> : null}
        <p role="status" className="text-sm font-medium text-emerald-700">
          {result}
        </p>
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Pending invites</h3>
          {pending.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">No invitations waiting.</p>
          ) : (
            <ul aria-label="Pending invites" className="mt-2 divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
              {pending.map((item) => (
                <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 px-3 py-2 text-sm">
                  <span className="min-w-0 font-medium break-all text-slate-900">{item.email}</span>
                  <span className="text-slate-600">
                    Invited <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
        {declined.length > 0 ? (
          <div>
            <h3 className="text-sm font-semibold text-slate-900">Declined</h3>
            <p className="mt-1 text-sm text-slate-600">These people asked for no more invitations from your store.</p>
            <ul aria-label="Declined invites" className="mt-2 divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
              {declined.map((item) => (
                <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 px-3 py-2 text-sm">
                  <span className="min-w-0 font-medium break-all text-slate-900">{item.email}</span>
                  <span className="text-slate-600">
                    Declined <time dateTime={item.declinedAt ?? ''}>{formatDate(item.declinedAt ?? item.createdAt)}</time>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
