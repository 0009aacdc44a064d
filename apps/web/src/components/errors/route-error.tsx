import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { Location } from 'react-router';
import { ErrorFallback } from './error-boundary.tsx';

interface Props {
  location: Location;
  children: ReactNode;
}
interface State {
  error: unknown;
  hasError: boolean;
  location: Location;
}

/**
 * Around a mode's routes: an error while rendering a page (or loading its chunk) shows the same
 * screens as the app's last-line boundary, and going to another location tries again.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, hasError: false, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.location === state.location ? null : { error: null, hasError: false, location: props.location };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Route error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.hasError ? <ErrorFallback error={this.state.error} /> : this.props.children;
  }
}
