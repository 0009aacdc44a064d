import { EMAIL_LIMITS, EMAIL_MESSAGES } from '@shopfront/core';
import { useId, useRef, useState } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { newRequestKey } from '#src/lib/request-key.ts';
import { toast } from '#src/lib/toast.ts';
import { useSingleFlight } from '#src/lib/use-single-flight.ts';
import { useImportContacts, usePreviewImport } from '../api/audience-api.ts';
import { ImportPreviewTable } from './import-preview-table.tsx';

export const IMPORT_TEXT = {
  fileLabel: 'CSV file',
  consentLabel: 'These contacts agreed to receive marketing email from me',
  consentRequired: 'Confirm that these contacts agreed to receive marketing email from you',
} as const;

const number = new Intl.NumberFormat('en-US');
const count = (n: number) => number.format(n);

/**
 * CSV import: pick a file, see what importing would do (nothing is written yet), confirm the
 * contacts' consent, import. The server refuses files over 50,000 rows and never turns consent a
 * customer withdrew back on.
 */
export function ContactImport({ storeId }: { storeId: string }) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; csv: string; importKey: string } | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  const [consentMissing, setConsentMissing] = useState(false);
  const preview = usePreviewImport(storeId);
  const run = useImportContacts(storeId);
  const flight = useSingleFlight();
  const importing = flight.running || run.isPending;

  function reset() {
    setFile(null);
    setConsent(false);
    setConsentMissing(false);
    preview.reset();
    run.reset();
    if (fileInput.current) fileInput.current.value = '';
  }

  async function choose(picked: File | undefined) {
    preview.reset();
    run.reset();
    setConsent(false);
    setConsentMissing(false);
    setFile(null);
    setFileProblem(null);
    if (!picked) return;
    if (picked.size > EMAIL_LIMITS.importBytesMax) {
      setFileProblem(EMAIL_MESSAGES.importTooLarge);
      return;
    }
    const csv = await picked.text();
    setFile({ name: picked.name, csv, importKey: newRequestKey() });
    preview.mutate(csv);
  }

  const summary = preview.data?.summary;
  const importable = summary ? summary.create + summary.update : 0;

  return (
    <section aria-labelledby="import-title" className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div>
        <h2 id="import-title" className="text-lg font-semibold text-slate-900">
          Import contacts
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          A CSV file with an <code className="font-mono">email</code> column, and optionally <code className="font-mono">name</code>, <code className="font-mono">tags</code>{' '}
          (separated by <code className="font-mono">;</code>) and <code className="font-mono">consent</code> (yes or no). Up to {count(EMAIL_LIMITS.importRowsMax)} rows per file. You see what changes before anything is saved; people who
          unsubscribed stay unsubscribed.
        </p>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-800">
          {IMPORT_TEXT.fileLabel}
        </label>
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          disabled={preview.isPending || importing}
          onChange={(event) => void choose(event.target.files?.[0])}
          className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
        />
      </div>
      {fileProblem ? <Alert>{fileProblem}</Alert> : null}
      {preview.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Checking {file?.name ?? 'the file'}…
        </p>
      ) : null}
      {preview.isError ? <Alert title="This file cannot be imported">{errorMessage(preview.error)}</Alert> : null}
      {summary && preview.data ? (
        <div className="space-y-4">
          <div role="status" aria-label="Import summary" className="grid grid-cols-3 gap-2 sm:grid-cols-5">
            <Figure label="Rows" value={summary.totalRows} />
            <Figure label="New" value={summary.create} />
            <Figure label="Updated" value={summary.update} />
            <Figure label="Skipped" value={summary.skip} />
            <Figure label="Errors" value={summary.errors} tone={summary.errors > 0 ? 'error' : 'plain'} />
          </div>
          {preview.data.rows.length < summary.totalRows ? (
            <p className="text-sm text-slate-600">Showing the first rows and every row with an error (up to 200).</p>
          ) : null}
          <ImportPreviewTable rows={preview.data.rows} />
          <form
            noValidate
            className="space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              if (!file) return;
              if (!consent) {
                setConsentMissing(true);
                return;
              }
              void flight.run(async () => {
                const result = await run.mutateAsync({ csv: file.csv, importKey: file.importKey }).catch(() => null);
                if (!result) return;
                toast.success(`Imported ${count(result.create)} new and ${count(result.update)} updated contacts; ${count(result.skip)} skipped, ${count(result.errors)} with errors.`, {
                  title: 'Import finished',
                });
                reset();
              });
            }}
          >
            <div className="space-y-1">
              <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm font-medium text-slate-800">
                <input
                  type="checkbox"
                  required
                  aria-invalid={consentMissing ? true : undefined}
                  aria-describedby={consentMissing ? `${id}-consent-error` : undefined}
                  className="mt-0.5 size-4 accent-brand-600"
                  checked={consent}
                  onChange={(event) => {
                    setConsent(event.target.checked);
                    setConsentMissing(false);
                  }}
                />
                <span>{IMPORT_TEXT.consentLabel}</span>
              </label>
              {consentMissing ? (
                <p id={`${id}-consent-error`} role="alert" className="text-sm font-medium text-red-600">
                  {IMPORT_TEXT.consentRequired}
                </p>
              ) : null}
            </div>
            {run.isError ? <Alert>{errorMessage(run.error)}</Alert> : null}
            {importing ? (
              <div role="progressbar" aria-label="Importing contacts" aria-busy="true" className="h-2 w-full overflow-hidden rounded-full bg-slate-100">
                <div className="h-full w-1/2 animate-pulse rounded-full bg-brand-600" />
              </div>
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={reset} disabled={importing}>
                Choose another file
              </Button>
              <Button type="submit" disabled={importable === 0 || importing} aria-busy={importing}>
                {importing ? 'Importing…' : `Import ${importable === 1 ? '1 contact' : `${count(importable)} contacts`}`}
              </Button>
            </div>
          </form>
        </div>
      ) : null}
    </section>
  );
}

function Figure({ label, value, tone = 'plain' }: { label: string; value: number; tone?: 'plain' | 'error' }) {
  return (
    <div className={tone === 'error' ? 'rounded-xl bg-red-50 p-3 ring-1 ring-inset ring-red-200' : 'rounded-xl bg-slate-50 p-3 ring-1 ring-inset ring-slate-200'}>
      <p className="text-xs font-medium text-slate-600">{label}</p>
      <p className={tone === 'error' ? 'text-lg font-semibold text-red-700' : 'text-lg font-semibold text-slate-900'}>{count(value)}</p>
    </div>
  );
}
