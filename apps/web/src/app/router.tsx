import { createBrowserRouter, Navigate } from 'react-router';
import { requireSession } from './guards';

/**
 * Routes every visitor has. Pages load lazily so that the sign-in page stays small; the signed-in
 * area sits under one guarded route.
 */
export const router = createBrowserRouter([
  { path: '/login', lazy: () => import('../views/login/LoginPage').then((m) => ({ Component: m.default })) },
  {
    path: '/',
    loader: requireSession,
    lazy: () => import('../layout/SignedInRoot').then((m) => ({ Component: m.default })),
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      { path: 'home', lazy: () => import('../views/home/HomePage').then((m) => ({ Component: m.default })) },
    ],
  },
  { path: '/404', lazy: () => import('../views/error/NotFoundPage').then((m) => ({ Component: m.default })) },
  { path: '*', element: <Navigate to="/404" replace /> },
]);
