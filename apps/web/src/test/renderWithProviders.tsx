import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ReactNode } from 'react';

/** Renders a signed-in component as the app does: its own query cache (no retries) and antd's App for messages. */
export function renderWithProviders(node: ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntdApp>{node}</AntdApp>
    </QueryClientProvider>,
  );
}
