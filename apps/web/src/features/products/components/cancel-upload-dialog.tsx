import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';

/** "Cancel upload of …?" before a running upload is dropped: what was sent is discarded. */
export function CancelUploadDialog({ name, onConfirm, onClose }: { name: string | null; onConfirm: () => void; onClose: () => void }) {
  return (
    <ConfirmDialog
      open={name !== null}
      title={`Cancel upload of ${name ?? 'this file'}?`}
      description="What was sent so far is discarded. To add the file later, upload it again."
      confirmLabel="Cancel upload"
      cancelLabel="Keep uploading"
      pendingLabel="Cancelling…"
      pending={false}
      onClose={onClose}
      onConfirm={onConfirm}
    />
  );
}
