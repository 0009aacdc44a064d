import { EMAIL_LIMITS, EMAIL_MESSAGES, type EmailCampaign, type EmailCampaignFields, type Product, type Store } from '@shopfront/core';
import { useEffect, useRef, useState, type BaseSyntheticEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useBlocker } from '#src/lib/router/app-router.tsx';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useDebouncedValue } from '#src/lib/use-debounced-value.ts';
import { useSingleFlight } from '#src/lib/use-single-flight.ts';
import { useDeleteCampaign, useSaveCampaign, useSegments, useSendTestEmail } from '../api/campaigns-api.ts';
import { campaignFormResolver, campaignToForm, emptyCampaignForm, previewableFields } from '../lib/campaign-form.ts';
import { CAMPAIGN_PATHS } from '../lib/campaign-paths.ts';
import { AudienceField } from './audience-field.tsx';
import { BlockList } from './block-list.tsx';
import { CampaignStatusBadge } from './campaign-status-badge.tsx';
import { PreviewPane } from './preview-pane.tsx';
import { ScheduleDialog } from './schedule-dialog.tsx';
import { ServerError } from './server-error.tsx';

type Action = 'save' | 'test' | 'schedule';
const FAILED: Record<Action, string> = { save: 'Not saved', test: 'Test not sent', schedule: 'Not sent' };

interface CampaignEditorProps {
  store: Store;
  /** Null while creating. */
  campaign: EmailCampaign | null;
  products: readonly Product[];
  timeZone: string;
}

/**
 * Write a draft: name, subject, preview text, audience and the body's blocks, with the rendered
 * email beside it. Save, send a test to yourself, then send or schedule. Leaving with unsaved
 * changes asks first.
 */
export function CampaignEditor({ store, campaign, products, timeZone }: CampaignEditorProps) {
  const navigate = useNavigate();
  const save = useSaveCampaign(store.id);
  const sendTest = useSendTestEmail(store.id);
  const remove = useDeleteCampaign(store.id);
  const segments = useSegments(store.id);
  const form = useForm<EmailCampaignFields>({ resolver: campaignFormResolver, mode: 'onTouched', defaultValues: campaign ? campaignToForm(campaign) : emptyCampaignForm() });
  const { register, handleSubmit, control, reset, formState } = form;
  const [running, setRunning] = useState<Action | null>(null);
  // One action at a time: a double click on "Save draft" would otherwise create two campaigns.
  const flight = useSingleFlight();
  const [serverError, setServerError] = useState<{ title: string; message: string } | null>(null);
  const [scheduling, setScheduling] = useState<EmailCampaign | null>(null);
  const [deleting, setDeleting] = useState(false);
  const leaving = useRef(false);
  const dirty = formState.isDirty;

  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const values = useWatch({ control });
  const fields = previewableFields(values);
  const previewFields = useDebouncedValue(fields, JSON.stringify(fields), 600);

  /** Saves when there is something to save; answers the campaign as stored. */
  const saved = async (formValues: EmailCampaignFields): Promise<EmailCampaign> => {
    if (campaign && !dirty) return campaign;
    const result = await save.mutateAsync({ campaignId: campaign?.id, fields: formValues });
    reset(campaignToForm(result));
    return result;
  };
  /** A new campaign gets its own address once saved (the editor then reloads there). */
  const goTo = (result: EmailCampaign) => {
    if (campaign) return;
    leaving.current = true;
    navigate(CAMPAIGN_PATHS.campaign(result.id), { replace: true });
  };

  const run = (action: Action) => (event?: BaseSyntheticEvent) => {
    // Always, even for an ignored second click: the form must never submit natively.
    event?.preventDefault();
    return flight.run(() => submit(action)(event));
  };
  const submit = (action: Action) =>
    handleSubmit(async (formValues) => {
      setServerError(null);
      if (action === 'schedule' && formValues.body.length === 0) return setServerError({ title: FAILED[action], message: EMAIL_MESSAGES.bodyRequired });
      setRunning(action);
      try {
        const result = await saved(formValues);
        if (action === 'save') toast.success('Draft saved.');
        if (action === 'test') toast.success(`Test sent to ${(await sendTest.mutateAsync(result.id)).sentTo}`);
        if (action === 'schedule') setScheduling(result);
        else goTo(result);
      } catch (error) {
        setServerError({ title: FAILED[action], message: errorMessage(error) });
      } finally {
        setRunning(null);
      }
    });

  const busy = running !== null || flight.running;
  const segmentId = useWatch({ control, name: 'segmentId' });
  const audience = segmentId ? (segments.data?.segments.find((segment) => segment.id === segmentId)?.name ?? 'A segment') : 'Everyone who opted in';

  return (
    <>
      <form noValidate onSubmit={(event) => void run('save')(event)} aria-labelledby="campaign-editor-title" className="space-y-5 pb-28">
        <div className="space-y-3">
          <Link to={CAMPAIGN_PATHS.list} className="inline-flex min-h-10 items-center text-sm font-semibold text-slate-600 hover:text-slate-900">
            ← All campaigns
          </Link>
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="campaign-editor-title" className="min-w-0 break-words text-xl font-semibold text-slate-900">
              {campaign ? campaign.name || campaign.subject || 'Untitled campaign' : 'New campaign'}
            </h2>
            {campaign ? <CampaignStatusBadge status={campaign.status} /> : null}
          </div>
        </div>
        {campaign?.status === 'cancelled' ? (
          <Alert tone="info" title="This campaign was cancelled">
            {campaign.statusNote ?? 'Nobody got it.'} Edit it and send it again whenever you are ready.
          </Alert>
        ) : null}
        {serverError ? <ServerError title={serverError.title} message={serverError.message} /> : null}

        <div className="grid gap-5 xl:grid-cols-2">
          <div className="min-w-0 space-y-5">
            <section aria-labelledby="campaign-details-title" className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
              <h3 id="campaign-details-title" className="text-base font-semibold text-slate-900">
                Details
              </h3>
              <TextField label="Subject" maxLength={EMAIL_LIMITS.subjectMax} error={formState.errors.subject?.message} {...register('subject')} />
              <TextField
                label="Preview text"
                hint="Shown after the subject in most inboxes."
                maxLength={EMAIL_LIMITS.previewTextMax}
                error={formState.errors.previewText?.message}
                {...register('previewText')}
              />
              <TextField label="Campaign name (optional)" hint="Only you see it. The subject is used when it is empty." maxLength={EMAIL_LIMITS.campaignNameMax} error={formState.errors.name?.message} {...register('name')} />
              <Controller control={control} name="segmentId" render={({ field }) => <AudienceField storeId={store.id} value={field.value} onChange={field.onChange} />} />
            </section>
            <section aria-labelledby="campaign-body-title" className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
              <h3 id="campaign-body-title" className="text-base font-semibold text-slate-900">
                Email
              </h3>
              <p className="text-sm text-slate-600">Your store’s name, postal address and an unsubscribe link are added at the bottom of every email.</p>
              <Controller
                control={control}
                name="body"
                render={({ field, fieldState }) => (
                  <>
                    <BlockList blocks={field.value} onChange={field.onChange} errors={formState.errors.body} products={products} />
                    {fieldState.error?.message ? <p className="text-sm font-medium text-red-600">{fieldState.error.message}</p> : null}
                  </>
                )}
              />
            </section>
          </div>
          <div className="min-w-0 xl:sticky xl:top-4 xl:self-start">
            <PreviewPane storeId={store.id} fields={previewFields} />
          </div>
        </div>

        <div className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur lg:sticky lg:rounded-2xl lg:border lg:shadow-sm">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2">
            <p aria-live="polite" className="min-w-[min(100%,12rem)] flex-1 text-sm text-slate-600">
              {running === 'save' ? 'Saving…' : running === 'test' ? 'Sending a test…' : dirty ? 'You have unsaved changes' : campaign ? 'Saved' : 'Not saved yet'}
            </p>
            <div className="flex flex-1 flex-wrap justify-end gap-2 sm:flex-none">
              {campaign ? (
                <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => setDeleting(true)} disabled={busy}>
                  Delete
                </Button>
              ) : null}
              <Button variant="secondary" onClick={() => void run('test')()} disabled={busy} aria-busy={running === 'test'}>
                Send a test to me
              </Button>
              <Button type="submit" variant="secondary" disabled={busy} aria-busy={running === 'save'}>
                {running === 'save' ? 'Saving…' : 'Save draft'}
              </Button>
              <Button onClick={() => void run('schedule')()} disabled={busy} aria-busy={running === 'schedule'}>
                Send or schedule…
              </Button>
            </div>
          </div>
        </div>
      </form>

      {scheduling ? (
        <ScheduleDialog
          open
          storeId={store.id}
          campaignId={scheduling.id}
          timeZone={timeZone}
          audience={audience}
          onClose={() => {
            goTo(scheduling);
            setScheduling(null);
          }}
          onScheduled={(result, sendAt) => {
            toast.success(sendAt ? 'Campaign scheduled.' : 'Campaign is sending.');
            setScheduling(null);
            leaving.current = true;
            navigate(CAMPAIGN_PATHS.campaign(result.id), { replace: !campaign });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting}
        title="Delete this campaign?"
        description="The draft and its blocks are gone for good."
        confirmLabel="Delete campaign"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={() => {
          if (!campaign) return;
          remove.mutate(campaign.id, {
            onSuccess: () => {
              toast.success('Campaign deleted.');
              leaving.current = true;
              navigate(CAMPAIGN_PATHS.list);
            },
          });
        }}
        onClose={() => {
          remove.reset();
          setDeleting(false);
        }}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        description="You have unsaved changes to this campaign. If you leave now, they are lost."
        confirmLabel="Leave without saving"
        pendingLabel="Leaving…"
        pending={false}
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      />
    </>
  );
}
