import { formatMoney, type MembershipTier, type Product } from '@shopfront/core';
import { useState, type ReactNode } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { SortableList } from '#src/components/ui/sortable-list.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useArchiveTier, useMembershipTiers, useReorderTiers } from '../api/membership-tiers-api.ts';
import { EditorCard } from './editor-card.tsx';
import { TierCoursesDialog } from './tier-courses-dialog.tsx';
import { TierDialog } from './tier-dialog.tsx';
import { TierFilesDialog } from './tier-files-dialog.tsx';
import { MovePriceDialog } from './move-price-dialog.tsx';

const DESCRIPTION = 'What members pay, monthly or yearly, and what they get. Drag to set the order visitors see.';

/** A membership's tiers: list, add, edit, reorder, archive. Saved on their own, not by the editor's Save. */
export function TiersCard({ product }: { product: Product | null }) {
  if (!product) {
    return (
      <EditorCard title="Tiers" description={DESCRIPTION}>
        <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">Save the membership first, then add its tiers here.</p>
      </EditorCard>
    );
  }
  return <TiersList product={product} />;
}

function TiersList({ product }: { product: Product }) {
  const tiers = useMembershipTiers(product.storeId, product.id);
  const reorder = useReorderTiers(product.storeId, product.id);
  const archive = useArchiveTier(product.storeId, product.id);
  const [editing, setEditing] = useState<MembershipTier | 'new' | null>(null);
  const [archiving, setArchiving] = useState<MembershipTier | null>(null);
  const [choosingCourses, setChoosingCourses] = useState<MembershipTier | null>(null);
  const [choosingFiles, setChoosingFiles] = useState<MembershipTier | null>(null);
  const [movingPrice, setMovingPrice] = useState<MembershipTier | null>(null);
  const readOnly = product.status === 'archived';
  const all = tiers.data?.tiers ?? [];
  const live = all.filter((tier) => tier.archivedAt === null);
  const archived = all.filter((tier) => tier.archivedAt !== null);
  const byId = new Map(all.map((tier) => [tier.id, tier]));
  const closeArchive = () => {
    archive.reset();
    setArchiving(null);
  };

  return (
    <EditorCard title="Tiers" description={DESCRIPTION}>
      {tiers.isPending ? (
        <Spinner label="Loading tiers" />
      ) : tiers.isError ? (
        <Alert>
          {errorMessage(tiers.error)}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void tiers.refetch()}>
            Try again
          </button>
        </Alert>
      ) : live.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">No tiers yet. Add one to say what members pay; a membership needs a tier before it can be published.</p>
      ) : (
        <SortableList
          label="Tiers in the order visitors see"
          ids={live.map((tier) => tier.id)}
          nameOf={(id) => byId.get(id)?.name ?? 'Tier'}
          onReorder={(ids) => reorder.mutate(ids, { onError: (error) => toast.error(errorMessage(error)) })}
          renderItem={(id, handle) => {
            const tier = byId.get(id)!;
            return (
              <TierRow tier={tier} handle={readOnly ? null : handle}>
                {readOnly ? null : (
                  <>
                    <Button variant="secondary" onClick={() => setEditing(tier)} aria-label={`Edit ${tier.name}`}>
                      Edit
                    </Button>
                    <Button variant="secondary" onClick={() => setChoosingCourses(tier)} aria-label={`Courses in ${tier.name}`}>
                      Courses
                    </Button>
                    <Button variant="secondary" onClick={() => setChoosingFiles(tier)} aria-label={`Files in ${tier.name}`}>
                      Files
                    </Button>
                    {tier.memberCount > 0 ? (
                      <Button variant="secondary" onClick={() => setMovingPrice(tier)} aria-label={`Move members of ${tier.name} to the current price`}>
                        Move members
                      </Button>
                    ) : null}
                    <Button variant="ghost" onClick={() => setArchiving(tier)} aria-label={`Archive ${tier.name}`}>
                      Archive
                    </Button>
                  </>
                )}
              </TierRow>
            );
          }}
        />
      )}
      {readOnly || tiers.isPending || tiers.isError ? null : (
        <Button variant="secondary" onClick={() => setEditing('new')}>
          Add tier
        </Button>
      )}
      {archived.length > 0 ? (
        <div>
          <h4 className="text-sm font-semibold text-slate-700">Archived</h4>
          <ul className="mt-2 space-y-2" aria-label="Archived tiers">
            {archived.map((tier) => (
              <li key={tier.id}>
                <TierRow tier={tier} handle={null} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <TierCoursesDialog storeId={product.storeId} productId={product.id} tier={choosingCourses} onClose={() => setChoosingCourses(null)} />
      <TierFilesDialog storeId={product.storeId} productId={product.id} files={product.files} tier={choosingFiles} onClose={() => setChoosingFiles(null)} />
      <MovePriceDialog storeId={product.storeId} productId={product.id} tier={movingPrice} onClose={() => setMovingPrice(null)} />
      <TierDialog storeId={product.storeId} productId={product.id} currency={tiers.data?.currency ?? product.currency} editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={archiving !== null}
        title={`Archive “${archiving?.name ?? ''}”?`}
        description="Nobody can join this tier any more. Its members keep their access and keep paying their price until they cancel. This cannot be undone."
        confirmLabel="Archive tier"
        pendingLabel="Archiving…"
        pending={archive.isPending}
        error={archive.isError ? errorMessage(archive.error) : null}
        onClose={closeArchive}
        onConfirm={() => {
          if (!archiving) return;
          archive.mutate(archiving.id, {
            onSuccess: (tier) => {
              toast.success(`“${tier.name}” is archived. Its members keep their access.`);
              closeArchive();
            },
          });
        }}
      />
    </EditorCard>
  );
}

/** One tier: its name, prices, trial, fee, pauses and members. */
function TierRow({ tier, handle, children }: { tier: MembershipTier; handle: ReactNode; children?: ReactNode }) {
  const money = (cents: number) => formatMoney(cents, tier.currency, { locale: 'en-US', trimWhole: true });
  const prices = [tier.monthlyPriceCents === null ? null : `${money(tier.monthlyPriceCents)}/month`, tier.yearlyPriceCents === null ? null : `${money(tier.yearlyPriceCents)}/year`].filter(Boolean).join(' · ');
  const extras = [
    tier.trialDays ? `${tier.trialDays}-day free trial` : null,
    tier.setupFeeCents ? `${money(tier.setupFeeCents)} setup fee` : null,
    tier.pausable ? (tier.maxPauseDays === null ? 'Members can pause' : `Pauses up to ${tier.maxPauseDays} ${tier.maxPauseDays === 1 ? 'day' : 'days'}`) : null,
    `${tier.memberCount} ${tier.memberCount === 1 ? 'member' : 'members'}${tier.memberLimit === null ? '' : ` of ${tier.memberLimit}`}`,
  ].filter(Boolean);
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl bg-white p-3 ring-1 ring-slate-200">
      {handle}
      <div className="min-w-0 flex-1">
        <p className="break-words font-medium text-slate-900">{tier.name}</p>
        <p className="text-sm text-slate-700">{prices}</p>
        <p className="text-sm text-slate-500">{extras.join(' · ')}</p>
        {tier.courses.length > 0 ? <p className="text-sm text-slate-600">Includes {tier.courses.map((course) => course.title).join(', ')}</p> : null}
        {tier.files.length > 0 ? <p className="break-all text-sm text-slate-600">Files: {tier.files.map((file) => file.name).join(', ')}</p> : null}
      </div>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}
