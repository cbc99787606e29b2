import { createBrowserRouter } from 'react-router';
import { loadAllTexts } from '../i18n/i18n';
import { requireSession } from './guards';
import { PRINT_ROUTES } from './printRoutes';
import RouteError from './RouteError';

/** Shown while the first page's loaders run (session check, page module). */
const booting = <div className="app-booting" aria-busy="true" />;

type PageModule = { default: React.ComponentType };

const page = (load: () => Promise<PageModule>) => () => load().then((m) => ({ Component: m.default }));

/**
 * A page that draws antd, inside antd's theme, size and locale (loaded with the page,
 * app/AntdConfig), once every text of the active language is in (the first paint has only the
 * sign-in page's, i18n/i18n.ts).
 */
const antdPage = (load: () => Promise<PageModule>) => () =>
  Promise.all([load(), import('./AntdConfig'), loadAllTexts()]).then(([{ default: Page }, { default: AntdConfig }]) => ({
    Component: () => (
      <AntdConfig>
        <Page />
      </AntdConfig>
    ),
  }));

/**
 * Routes every visitor has (SPEC §2). Created by App on its first render, not at import: a
 * browser router runs the first page's loaders as soon as it exists, and their messages need the
 * language texts that main.tsx waits for. Everything under '/' is the signed-in shell: its pages
 * come from the server's menu at run time and are resolved by the layout (layout/routes/). Pages
 * load lazily so that the sign-in page stays small; the sign-in page alone is drawn without antd
 * (`page`, the others `antdPage`).
 */
export const createRouter = () =>
  createBrowserRouter([
    { path: '/login', lazy: page(() => import('../views/login/LoginPage')), errorElement: <RouteError />, hydrateFallbackElement: booting },
    { path: '/auth-redirect', lazy: antdPage(() => import('../views/redirect/AuthRedirectPage')), errorElement: <RouteError />, hydrateFallbackElement: booting },
    { path: '/404', lazy: antdPage(() => import('../views/error/NotFoundPage')) },
    // Print views: hidden, signed in, without the layout's chrome.
    ...PRINT_ROUTES.map(({ path, view }) => ({
      path,
      loader: requireSession,
      lazy: antdPage(() => import('./printPages').then((pages) => (view === 'index' ? pages.printIndexPage() : pages.printDetailPage()))),
      errorElement: <RouteError />,
      hydrateFallbackElement: booting,
    })),
    {
      path: '/',
      loader: requireSession,
      // The menu search, which matches titles in both languages, loads the other language's texts
      // when first used (layout/routes/useMenuSearch.ts), not with the shell.
      lazy: antdPage(() => import('../layout/SignedInRoot')),
      errorElement: <RouteError />,
      hydrateFallbackElement: booting,
      // Keeps the session check from re-running on every navigation once the session is loaded.
      shouldRevalidate: () => false,
      children: [
        { path: '*', lazy: () => import('../layout/routes/pageRoute') },
      ],
    },
  ]);
