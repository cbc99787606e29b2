import { ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { DEFAULT_THEME_COLOR } from '@orbit/shared/constants';
import { useAntdLocale } from '../utils/useAntdLocale';
import NotifierBridge from './NotifierBridge';
import { router } from './router';

/**
 * Providers around the whole app: antd theme and locale, the request notifier. Server data
 * (TanStack Query) and antd's App (message, modal, notification for `App.useApp()`) are provided
 * by the signed-in root, so that the sign-in page loads neither (bench/bundleSize.ts).
 */
export default function App() {
  const { i18n } = useTranslation();
  const antdLocale = useAntdLocale(i18n.language);
  return (
    <ConfigProvider locale={antdLocale} theme={{ token: { colorPrimary: DEFAULT_THEME_COLOR } }}>
      <NotifierBridge />
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
