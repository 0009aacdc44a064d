import { RESEND_COOLDOWN_MS } from '@shopfront/core';
import { useEffect, useReducer, useState } from 'react';
import { errorMessage } from '../../../lib/error-message.ts';

/** Whole seconds until `endsAt`, re-rendering on each second boundary (fake timers drive it in tests). */
function useSecondsLeft(endsAt: number): number {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  const left = endsAt - Date.now();
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(tick, left % 1000 || 1000);
    return () => clearTimeout(timer);
  });
  return left <= 0 ? 0 : Math.ceil(left / 1000);
}

/**
 * Spec §4/§9: "Resend code" waits 60 s after each send, the seconds left on the button. The step is
 * shown right after a code was sent, so the wait starts on mount.
 */
export function ResendCode({ onResend }: { onResend: () => Promise<unknown> }) {
  const [endsAt, setEndsAt] = useState(() => Date.now() + RESEND_COOLDOWN_MS);
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'sent' | 'error'; text: string } | null>(null);
  const secondsLeft = useSecondsLeft(endsAt);

  async function resend() {
    setPending(true);
    setNotice(null);
    try {
      await onResend();
      setEndsAt(Date.now() + RESEND_COOLDOWN_MS);
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
