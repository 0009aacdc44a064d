import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError } from '#src/lib/chunk-error.ts';
import { SomethingWentWrong, StaleChunkPrompt } from './error-screens.tsx';

interface Props {
  children: ReactNode;
  onReload?: () => void;
}
interface State {
  error: unknown;
  hasError: boolean;
}

/** Last line of defence around everything the app renders. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled render error', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    return <ErrorFallback error={this.state.error} onReload={this.props.onReload} />;
  }
}

export function ErrorFallback({ error, onReload }: { error: unknown; onReload?: () => void }) {
  return isChunkLoadError(error) ? <StaleChunkPrompt onRefresh={onReload} /> : <SomethingWentWrong onReload={onReload} />;
}
