import { useEffect, useId, useState } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { downloadText } from '#src/lib/download-text.ts';

/** The text file "Download" saves: the codes with what they are for, so the file explains itself later. */
export function recoveryCodesFile(codes: readonly string[], email: string, generatedAt: Date): string {
  return [
    `Shopfront recovery codes for ${email}`,
    `Generated ${generatedAt.toISOString().slice(0, 10)}. Generating new codes makes these stop working.`,
    '',
    'If you lose your authenticator app, choose "Lost your device?" when signing in',
    'and enter one of these codes. Each code works once.',
    '',
    ...codes,
    '',
  ].join('\n');
}

interface RecoveryCodesDisplayProps {
  codes: readonly string[];
  email: string;
  /** What just happened, shown above the codes (inline: a toast would cover the buttons on a phone). */
  notice: string;
  onDone: () => void;
}

/**
 * Shown once, right after the codes are made (enrolment or regeneration): the server keeps only
 * hashes. Copy and download, then "I have saved these codes" before leaving the step.
 */
export function RecoveryCodesDisplay({ codes, email, notice, onDone }: RecoveryCodesDisplayProps) {
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const checkboxId = useId();
  useEffect(() => {
    if (copied === 'idle') return;
    const timer = setTimeout(() => setCopied('idle'), 2500);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  const download = () => {
    downloadText('shopfront-recovery-codes.txt', recoveryCodesFile(codes, email, new Date()), 'text/plain;charset=utf-8');
  };

  return (
    <section aria-labelledby={`${checkboxId}-title`} className="space-y-4">
      <Alert tone="success">{notice}</Alert>
      <div className="space-y-1">
        <h3 id={`${checkboxId}-title`} className="text-base font-semibold text-slate-900">
          Save your recovery codes
        </h3>
        <p className="text-sm text-slate-600">
          If you lose your phone, each of these codes signs you in once instead of a code from your app. Keep them somewhere safe, such as a password
          manager. They will not be shown again.
        </p>
      </div>
      <ul aria-label="Recovery codes" data-testid="recovery-codes" className="grid grid-cols-2 gap-x-6 gap-y-1.5 rounded-xl bg-slate-50 p-4 ring-1 ring-inset ring-slate-200 sm:max-w-md">
        {codes.map((code) => (
          <li key={code} className="font-mono text-sm font-semibold tracking-wide text-slate-900">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void copy()}>
          {copied === 'copied' ? 'Copied' : 'Copy codes'}
        </Button>
        <Button variant="secondary" onClick={download}>
          Download .txt
        </Button>
      </div>
      <p aria-live="polite" className="text-sm text-slate-600">
        {copied === 'copied' ? 'The codes are on your clipboard.' : copied === 'failed' ? 'Copying is blocked here: select the codes, or download them.' : ''}
      </p>
      <div className="flex items-start gap-3">
        <input id={checkboxId} type="checkbox" className="mt-0.5 size-5 accent-brand-600" checked={saved} onChange={(event) => setSaved(event.target.checked)} />
        <label htmlFor={checkboxId} className="text-sm font-medium text-slate-800">
          I have saved these codes
        </label>
      </div>
      <Button onClick={onDone} disabled={!saved}>
        Done
      </Button>
    </section>
  );
}
