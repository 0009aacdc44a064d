import { StatusScreen } from '#src/components/errors/status-screen.tsx';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { errorMessage } from '#src/lib/error-message.ts';

/** A website page that could not load for another reason than not existing: the server's message and a retry. */
export function WebsiteLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <StatusScreen
      title="This website could not load"
      tone="danger"
      role="alert"
      actions={
        <button type="button" onClick={onRetry} className={buttonClasses('primary')}>
          Try again
        </button>
      }
    >
      <p>{errorMessage(error)}</p>
    </StatusScreen>
  );
}
