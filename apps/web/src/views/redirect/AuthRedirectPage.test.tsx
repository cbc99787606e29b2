import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import AuthRedirectPage from './AuthRedirectPage';

afterEach(cleanup);

/** The page between the app's other routes; home stands for the guarded shell, which sends a visitor to sign in. */
function landOn(redirect: string) {
  const router = createMemoryRouter(
    [
      { path: '/auth-redirect', element: <AuthRedirectPage /> },
      { path: '/', element: <p>home</p> },
      { path: '/system/user', element: <p>users</p> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [`/auth-redirect?redirect=${encodeURIComponent(redirect)}`] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('AuthRedirectPage', () => {
  it('goes on to a page of the app, with its query', async () => {
    const router = landOn('/system/user?pageNum=2');
    await screen.findByText('users');
    expect(router.state.location.pathname + router.state.location.search).toBe('/system/user?pageNum=2');
  });

  it.each([
    'javascript:alert(1)',
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'x'.repeat(5000),
    '%E0%A4%A',
    '',
  ])('goes home instead of staying on the spinner for a redirect outside the app (%j)', async (redirect) => {
    const router = landOn(redirect);
    await screen.findByText('home');
    expect(router.state.location.pathname).toBe('/');
  });
});
