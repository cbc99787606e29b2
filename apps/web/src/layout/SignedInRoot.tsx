import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import { queryClient } from '../app/queryClient';
import PasswordChangePrompt from '../views/password/PasswordChangePrompt';
import Layout from './Layout';

/**
 * Everything a signed-in person sees sits under this route: the layout (which renders the pages
 * itself, see PageHost) and the password prompt. Server data (TanStack Query) and antd's App (for
 * `App.useApp()`) are provided here rather than in App, so that the sign-in page loads neither.
 */
export default function SignedInRoot() {
  return (
    <QueryClientProvider client={queryClient}>
      <AntdApp>
        <Layout />
        <PasswordChangePrompt />
      </AntdApp>
    </QueryClientProvider>
  );
}
