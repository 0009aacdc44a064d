import type { MembershipTier, ProductFile } from '@shopfront/core';
import { useState } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { NestedForm } from '#src/components/ui/nested-form.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useSetTierFiles } from '../api/membership-tiers-api.ts';

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
  const [chosen, setChosen] = useState<string[]>(() => tier.files.map((file) => file.id));
  const toggle = (id: string, on: boolean) => setChosen((now) => (on ? [...now, id] : now.filter((other) => other !== id)));
  const submit = async () => {
    try {
      await save.mutateAsync({ tierId: tier.id, files: chosen });
      toast.success(chosen.length === 0 ? `“${tier.name}” includes no files now.` : `Saved. Members of “${tier.name}” can download ${chosen.length === 1 ? 'the file' : `all ${chosen.length} files`}.`);
      onClose();
    } catch {
      // The message shows in the dialog (save.error).
    }
  };
  return (
    <NestedForm
      onSubmit={() => {
        void submit();
      }}
    >
      <p className="text-sm text-slate-600">
        Members download these from the members area while their membership lasts, with the download limit set for this membership. When it ends or is paused, the files lock until they renew or resume.
      </p>
      {files.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">This membership has no files yet. Upload them in the Files section above, then include them here.</p>
      ) : (
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Files</legend>
          <ul className="mt-2 space-y-2">
            {files.map((file) => (
              <li key={file.id}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 ring-1 ring-slate-200 hover:bg-slate-50">
                  <input type="checkbox" className="size-4 accent-brand-600" checked={chosen.includes(file.id)} onChange={(event) => toggle(file.id, event.target.checked)} />
                  <span className="min-w-0 flex-1 break-all text-sm text-slate-900">{file.name}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {save.isError ? <Alert>{errorMessage(save.error)}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save files'}
        </Button>
      </div>
    </NestedForm>
  );
}
