import { Outlet } from 'react-router';
import PasswordChangePrompt from '../views/password/PasswordChangePrompt';

/**
 * Everything a signed-in person sees sits under this route. For now it only renders the page;
 * the full layout (sidebar, top bar, tags view) wraps the outlet here.
 */
export default function SignedInRoot() {
  return (
    <>
      <Outlet />
      <PasswordChangePrompt />
    </>
  );
}
