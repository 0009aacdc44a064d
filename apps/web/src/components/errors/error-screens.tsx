import { MESSAGES } from '@shopfront/core';
import { reloadPage } from '#src/lib/chunk-error.ts';
import { Button } from '../ui/button.tsx';
import { StatusScreen } from './status-screen.tsx';

/** Spec §2 error boundary screen. */
export function SomethingWentWrong({ onReload = reloadPage }: { onReload?: () => void }) {
  return (
    <StatusScreen title={MESSAGES.screens.errorTitle} tone="danger" role="alert" actions={<Button onClick={onReload}>{MESSAGES.screens.reloadPage}</Button>}>
      <p>An unexpected error stopped this page. Reloading usually fixes it.</p>
    </StatusScreen>
  );
}

/** Spec §8: a stale page chunk (new deploy) asks the visitor to refresh. */
export function StaleChunkPrompt({ onRefresh = reloadPage }: { onRefresh?: () => void }) {
  return (
    <StatusScreen
      title="A new version is available"
      tone="brand"
      role="alert"
      icon={
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-7">
          <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      }
      actions={<Button onClick={onRefresh}>Refresh</Button>}
    >
      <p>Shopfront was updated while this page was open. Please refresh to load the latest version.</p>
    </StatusScreen>
  );
}
