import type { WebsitePageSummary, WebsitePageVersion } from '@shopfront/core';
import { useState } from 'react';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useRestoreVersion, useWebsitePageVersions } from '../api/website-pages-api.ts';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The page's published versions, newest first; restoring one copies it into the draft. */
export function VersionsDialog({ storeId, page, onClose }: { storeId: string; page: WebsitePageSummary | null; onClose: () => void }) {
  const versions = useWebsitePageVersions(storeId, page?.id ?? null);
  const restore = useRestoreVersion(storeId);
  const [restoring, setRestoring] = useState<WebsitePageVersion | null>(null);

  const confirm = async () => {
    if (!page || !restoring) return;
    try {
      await restore.mutateAsync({ pageId: page.id, versionId: restoring.id });
      toast.success(`Version ${restoring.version} is in the draft. Publish it to make it live.`);
      setRestoring(null);
      onClose();
    } catch {
      // The dialog shows the server's message.
    }
  };

  return (
    <>
      <Dialog open={page !== null && restoring === null} onClose={onClose} title={page ? `Versions of “${page.title}”` : 'Versions'} description="The last 20 published versions are kept.">
        {versions.isPending ? (
          <Spinner label="Loading versions" />
        ) : versions.isError ? (
          <LoadError title="Versions could not load" error={versions.error} onRetry={() => void versions.refetch()} />
        ) : versions.data.versions.length === 0 ? (
          <p className="text-sm text-slate-600">No versions yet: each publish keeps one.</p>
        ) : (
          <ol aria-label="Published versions" className="divide-y divide-slate-100">
            {versions.data.versions.map((version) => (
              <li key={version.id} className="flex items-center justify-between gap-3 py-2">
                <div className="min-w-0 text-sm">
                  <p className="font-semibold text-slate-900">Version {version.version}</p>
                  <p className="text-slate-600">
                    {version.title} · published {when(version.publishedAt)}
                  </p>
                </div>
                <Button variant="secondary" onClick={() => setRestoring(version)} aria-label={`Restore version ${version.version}`}>
                  Restore
                </Button>
              </li>
            ))}
          </ol>
        )}
      </Dialog>
      <ConfirmDialog
        open={restoring !== null}
        title={restoring ? `Restore version ${restoring.version}?` : 'Restore version?'}
        description="It replaces the page’s current draft; what is live stays until you publish."
        confirmLabel="Restore"
        pendingLabel="Restoring…"
        pending={restore.isPending}
        error={restore.isError ? errorMessage(restore.error) : null}
        onConfirm={() => void confirm()}
        onClose={() => {
          restore.reset();
          setRestoring(null);
        }}
      />
    </>
  );
}
