import type { MembershipTier, ProductFile } from '@shopfront/core';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { toast } from '#src/lib/toast.ts';
import { useSetTierFiles } from '../api/membership-tiers-api.ts';
import { TierChecklistForm } from './tier-checklist-form.tsx';

interface TierFilesDialogProps {
  storeId: string;
  productId: string;
  /** The membership's own files (its Files section): the ones a tier can include. */
  files: readonly ProductFile[];
  /** The tier whose files are chosen, or null (closed). */
  tier: MembershipTier | null;
  onClose: () => void;
}

/** Which of the membership's files a tier includes: its members download them while their access lasts. */
export function TierFilesDialog({ tier, onClose, ...props }: TierFilesDialogProps) {
  const save = useSetTierFiles(props.storeId, props.productId);
  return (
    <Dialog open={tier !== null} onClose={onClose} title={tier ? `Files in “${tier.name}”` : ''} dismissible={!save.isPending}>
      {tier ? <FileChoices key={tier.id} files={props.files} tier={tier} save={save} onClose={onClose} /> : null}
    </Dialog>
  );
}

function FileChoices({ files, tier, save, onClose }: { files: readonly ProductFile[]; tier: MembershipTier; save: ReturnType<typeof useSetTierFiles>; onClose: () => void }) {
  return (
    <TierChecklistForm
      intro="Members download these from the members area while their membership lasts, with the download limit set for this membership. When it ends or is paused, the files lock until they renew or resume."
      legend="Files"
      items={files.map((file) => ({ id: file.id, label: file.name }))}
      empty="This membership has no files yet. Upload them in the Files section above, then include them here."
      initial={tier.files.map((file) => file.id)}
      saveLabel="Save files"
      saving={save.isPending}
      saveError={save.isError ? save.error : null}
      onClose={onClose}
      onSave={async (chosen) => {
        await save.mutateAsync({ tierId: tier.id, files: chosen });
        toast.success(chosen.length === 0 ? `“${tier.name}” includes no files now.` : `Saved. Members of “${tier.name}” can download ${chosen.length === 1 ? 'the file' : `all ${chosen.length} files`}.`);
        onClose();
      }}
    />
  );
}
