import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';

export const COPIED_TEXT = 'Copied';
export const COPY_BY_HAND_TEXT = 'Select the text and copy it (long-press on a phone, Ctrl+C or ⌘C on a computer).';

/** How long "Copied" stays on screen. */
const CONFIRM_MS = 2_500;

type Outcome = 'copied' | 'by-hand' | null;

/** The Clipboard API; where it is missing or refused, the selection and the old copy command. */
async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    input?.focus();
    input?.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/**
 * A value to share (a referral code or link) in a read-only field with a Copy button. The outcome
 * is shown beside the button and announced politely: "Copied", or how to copy by hand, with the
 * text selected, when the browser would not copy it.
 */
export function CopyField({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    if (outcome !== 'copied') return;
    const timer = setTimeout(() => setOutcome(null), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  async function onCopy() {
    setOutcome(null);
    setOutcome((await copyText(value, input.current)) ? 'copied' : 'by-hand');
  }

  return (
    <div className="min-w-0">
      <label htmlFor={`${id}-value`} className="sr-only">
        {label}
      </label>
      <div className="flex min-w-0 gap-2">
        <input
          ref={input}
          id={`${id}-value`}
          type="text"
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-11 w-full min-w-0 flex-1 rounded-lg bg-white px-3 text-sm text-slate-900 ring-1 ring-inset ring-slate-300"
        />
        <Button variant="secondary" className="shrink-0" aria-label={`Copy ${copyLabel}`} onClick={() => void onCopy()}>
          Copy
        </Button>
      </div>
      <p role="status" aria-live="polite" className="mt-1 min-h-5 text-sm font-medium text-slate-700">
        {outcome === 'copied' ? (
          <>
            <span aria-hidden="true">✓ </span>
            {COPIED_TEXT}
          </>
        ) : outcome === 'by-hand' ? (
          COPY_BY_HAND_TEXT
        ) : null}
      </p>
    </div>
  );
}
