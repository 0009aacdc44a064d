import { formatBytes, type MyMembershipFile } from '@shopfront/core';

interface MyMembershipFilesProps {
  access: 'open' | 'resume' | 'renew';
  files: MyMembershipFile[];
}

const left = (file: MyMembershipFile) => (file.downloadsLeft === null ? null : file.downloadsLeft === 1 ? '1 download left' : `${file.downloadsLeft} downloads left`);

/**
 * The files of the member's tier: a download link for each while access lasts (fresh, short-lived
 * links from the server), their names only while paused or after access ended.
 */
export function MyMembershipFiles({ access, files }: MyMembershipFilesProps) {
  if (files.length === 0) return null;
  return (
    <section className="mt-4 border-t border-slate-100 pt-3" aria-label="Files">
      <h4 className="text-sm font-semibold text-slate-900">Files</h4>
      {access === 'resume' ? <p className="mt-1 text-sm text-slate-600">Resume your membership to download these.</p> : null}
      {access === 'renew' ? <p className="mt-1 text-sm text-slate-600">Locked: renew your membership to download these again.</p> : null}
      <ul className="mt-2 space-y-2">
        {files.map((file) => (
          <li key={file.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
            {file.url ? (
              <a href={file.url} download className="inline-flex min-h-11 min-w-0 items-center break-all font-semibold text-brand-700 underline" aria-label={`Download ${file.name}`}>
                {file.name}
              </a>
            ) : (
              <span className="inline-flex min-h-11 min-w-0 items-center break-all text-slate-700">{file.name}</span>
            )}
            <span className="text-slate-500">{access === 'open' && !file.url ? 'Download limit reached' : [formatBytes(file.sizeBytes), access === 'open' ? left(file) : null].filter(Boolean).join(' · ')}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
