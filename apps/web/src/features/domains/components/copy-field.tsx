import { useEffect, useRef, useState } from 'react';
import { cn } from '#src/components/ui/cn.ts';

/** A value to put into DNS, shown in full with a copy button (falls back to selecting the text). */
export function CopyField({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'select'>('idle');
  const code = useRef<HTMLElement>(null);
  useEffect(() => {
    if (copied === 'idle') return;
    const timer = setTimeout(() => setCopied('idle'), 2500);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('copied');
    } catch {
      const selection = window.getSelection();
      if (code.current && selection) {
        selection.selectAllChildren(code.current);
        setCopied('select');
      }
    }
  };

  return (
    <div className="min-w-0">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
      <div className="mt-1 flex items-stretch overflow-hidden rounded-lg ring-1 ring-inset ring-slate-200">
        <code ref={code} className="min-w-0 flex-1 bg-slate-50 px-3 py-2 font-mono text-[0.8125rem] break-all text-slate-900">
          {value}
        </code>
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={`Copy ${label}`}
          className={cn('shrink-0 border-l border-slate-200 px-3 text-sm font-semibold transition', copied === 'copied' ? 'bg-emerald-50 text-emerald-700' : 'bg-white text-brand-700 hover:bg-brand-50')}
        >
          {copied === 'copied' ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p aria-live="polite" className="sr-only">
        {copied === 'copied' ? `${label} copied` : copied === 'select' ? `${label} selected; press Control C to copy` : ''}
      </p>
    </div>
  );
}
