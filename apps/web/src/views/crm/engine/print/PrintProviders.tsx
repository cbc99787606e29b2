import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import type { ReactNode } from 'react';
import { queryClient } from '../../../../app/queryClient';

/** A print view sits outside the signed-in layout, so it brings the server-data cache and antd's App itself. */
export default function PrintProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AntdApp>{children}</AntdApp>
    </QueryClientProvider>
  );
}
