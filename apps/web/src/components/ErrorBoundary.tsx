import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { addErrorLog } from '../store/errorLog';

// antd's Result and its illustrations load only when a page has broken, not with the shell.
const PageError = lazy(() => import('./PageError'));

type Props = { children: ReactNode };
type State = { error: Error | null };

/** Keeps one broken page from taking the shell down; the error goes to the error log. */
export default class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    addErrorLog(error, `React ${info.componentStack?.split('\n').find((l) => l.trim()) ?? ''}`.trim());
  }

  override render() {
    if (this.state.error) {
      return (
        <Suspense fallback={null}>
          <PageError error={this.state.error} onRetry={() => this.setState({ error: null })} />
        </Suspense>
      );
    }
    return this.props.children;
  }
}
