import type { ReactNode } from 'react';

/** A quiet, centred way out of a step: "Use a different email", "Back to sign in". */
export function QuietAction({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <p className="text-center text-sm">
      <button type="button" onClick={onClick} className="font-medium text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline">
        {children}
      </button>
    </p>
  );
}
