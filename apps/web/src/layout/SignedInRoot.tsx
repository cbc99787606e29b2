import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import { queryClient } from '../app/queryClient';
import { lazyWhenOpen } from '../components/lazyWhenOpen';
import { useSession } from '../store/session';
import Layout from './Layout';

/** Loads only for a session that must or should change its password (its form is not every page's). */
const PasswordChangePrompt = lazyWhenOpen<{ due: boolean }>(() => import('../views/password/PasswordChangePrompt'), (p) => p.due);

/**
 * Everything a signed-in person sees sits under this route: the layout (which renders the pages
 * itself, see PageHost) and the password prompt. Server data (TanStack Query) and antd's App (for
 * `App.useApp()`) are provided here rather than in App, so that the sign-in page loads neither.
 */
export default function SignedInRoot() {
  const session = useSession();
  return (
    <QueryClientProvider client={queryClient}>
      <AntdApp>
        <Layout />
        <PasswordChangePrompt due={!!session && (session.isDefaultModifyPwd || session.isPasswordExpired)} />
      </AntdApp>
    </QueryClientProvider>
  );
}
