import { useState } from 'react';
import { RouterProvider } from 'react-router';
import NotifierMount from './NotifierMount';
import { createRouter } from './router';

/**
 * The whole app: the router and the request notifier. antd's theme, size and locale
 * (app/AntdConfig) wrap the routes that draw antd, not the sign-in page; server data (TanStack
 * Query) and antd's App (for `App.useApp()`) are provided by the signed-in root. So the sign-in
 * page loads none of them (bench/bundleSize.ts).
 */
export default function App() {
  const [router] = useState(createRouter);
  return (
    <>
      <NotifierMount />
      <RouterProvider router={router} />
    </>
  );
}
