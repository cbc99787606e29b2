import { Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { appPath, HOME_PATH } from '../../utils/postSignInDestination';

/**
 * Landing page of an outside sign-in hand-over: goes on to the `redirect` target when it is a path
 * of this app (the sign-in page's rule, so it cannot send people elsewhere), otherwise home, where a
 * visitor who is not signed in gets the sign-in page.
 */
export default function AuthRedirectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(appPath(params.get('redirect')) ?? HOME_PATH, { replace: true });
  }, [navigate, params]);
  return <Spin style={{ display: 'block', margin: '20vh auto' }} />;
}
