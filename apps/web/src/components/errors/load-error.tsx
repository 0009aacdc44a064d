import { Alert } from '../ui/alert.tsx';
import { errorMessage } from '#src/lib/error-message.ts';

/** "X could not load" with the server's message and a retry. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert title={title}>
      {errorMessage(error)}{' '}
      <button type="button" onClick={onRetry} className="font-semibold underline">
        Try again
      </button>
    </Alert>
  );
}
