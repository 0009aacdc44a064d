import { RESEND_COOLDOWN_MS } from '@shopfront/core';
import { useState } from 'react';
import { errorMessage } from '#src/lib/error-message.ts';
import { useCountdown } from '#src/lib/use-countdown.ts';

interface ResendCodeProps {
  /** Sends a new code; its rejection's message is shown. */
  onResend: () => Promise<unknown>;
  now?: () => number;
}

/**
 * Spec §4/§9: "Resend code" waits 60 s after each send, with the seconds left on the button.
 * The countdown starts on mount because the step is shown right after a code was sent.
 */
export function ResendCode({ onResend, now = Date.now }: ResendCodeProps) {
  const [endsAt, setEndsAt] = useState(() => now() + RESEND_COOLDOWN_MS);
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'sent' | 'error'; text: string } | null>(null);
  const secondsLeft = useCountdown(endsAt, now);

  async function resend() {
    setPending(true);
    setNotice(null);
    try {
      await onResend();
      setEndsAt(now() + RESEND_COOLDOWN_MS);
      setNotice({ tone: 'sent', text: 'A new code is on its way. Check your inbox.' });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error) });
    } finally {
      setPending(false);
    }
  }

  const waiting = secondsLeft > 0;
  return (
    <div className="flex flex-col items-center gap-1 text-center text-sm">
      <p className="text-slate-600">
        Didn&apos;t get it?{' '}
        <button
          type="button"
          onClick={() => void resend()}
          disabled={waiting || pending}
          aria-busy={pending}
          className="rounded font-semibold text-brand-600 underline-offset-2 hover:text-brand-700 hover:underline disabled:cursor-not-allowed disabled:text-slate-400 disabled:no-underline"
        >
          {pending ? 'Sending…' : waiting ? `Resend code in ${secondsLeft}s` : 'Resend code'}
        </button>
      </p>
      {notice ? (
        <p role={notice.tone === 'error' ? 'alert' : 'status'} className={notice.tone === 'error' ? 'font-medium text-red-600' : 'text-emerald-700'}>
          {notice.text}
        </p>
      ) : null}
    </div>
  );
}
