import { Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/**
 * Landing page of an outside sign-in hand-over: goes on to the `redirect` target (same-site paths
 * only, so it cannot be used to send people elsewhere), or home.
 */
export default function AuthRedirectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useEffect(() => {
    const target = params.get('redirect') ?? '';
    navigate(target.startsWith('/') && !target.startsWith('//') ? target : '/', { replace: true });
  }, [navigate, params]);
  return <Spin style={{ display: 'block', margin: '20vh auto' }} />;
}
