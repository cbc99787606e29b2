import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import { Outlet } from 'react-router';
import { queryClient } from '../app/queryClient';
import PasswordChangePrompt from '../views/password/PasswordChangePrompt';

/**
 * Everything a signed-in person sees sits under this route. For now it only renders the page;
 * the full layout (sidebar, top bar, tags view) wraps the outlet here. Server data (TanStack
 * Query) and antd's App (for `App.useApp()`) are provided here rather than in App, so that the
 * sign-in page does not load them.
 */
export default function SignedInRoot() {
  return (
    <QueryClientProvider client={queryClient}>
      <AntdApp>
        <Outlet />
        <PasswordChangePrompt />
      </AntdApp>
    </QueryClientProvider>
  );
}
