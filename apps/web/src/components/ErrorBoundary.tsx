import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { addErrorLog } from '../store/errorLog';

type Props = { children: ReactNode };
type State = { error: Error | null };

function PageError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('layout.pageError')}
      subTitle={`${t('layout.pageErrorHint')} ${error.message}`}
      extra={<Button onClick={onRetry}>{t('common.retry')}</Button>}
    />
  );
}

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
    if (this.state.error) return <PageError error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
