import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './button';

type Props = {
  children: ReactNode /** Names the region in the fallback, e.g. 'Positions'. */;
  region?: string;
};
type State = { error: Error | null };

/** Keeps a crash in one screen region (a panel, a table) from blanking the whole page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Error in ${this.props.region ?? 'region'}`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-2 rounded-md border border-sell/40 p-3 text-sm"
      >
        <p className="font-medium text-sell">{this.props.region ?? 'This section'} failed to load.</p>
        <Button size="sm" variant="secondary" onClick={() => this.setState({ error: null })}>
          Try again
        </Button>
      </div>
    );
  }
}
