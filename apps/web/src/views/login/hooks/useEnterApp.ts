import { useNavigate, useSearchParams } from 'react-router';
import { setToken } from '../../../utils/auth';
import { enterDestination, postSignInDestination } from '../../../utils/postSignInDestination';

/** After a successful sign-in: keep the token and go where the sign-in page was asked to lead. */
export function useEnterApp(): (token: string) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (token) => {
    setToken(token);
    navigate(enterDestination(postSignInDestination(params)), { replace: true });
  };
}
