import { ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMemo, useState } from 'react';
import { RouterProvider } from 'react-router';
import { antdSize, appStore } from '../store/app';
import { settingsStore } from '../store/settings';
import { useAntdLocale } from '../utils/useAntdLocale';
import NotifierMount from './NotifierMount';
import { createRouter } from './router';
import { appTheme } from './theme';

/**
 * Providers around the whole app: antd theme (the settings panel's colour, applied at run time),
 * component size and locale, the request notifier. Server data (TanStack Query) and antd's App
 * (for `App.useApp()`) are provided by the signed-in root, so that the sign-in page loads neither
 * (bench/bundleSize.ts).
 */
export default function App() {
  const { i18n } = useTranslation();
  const antdLocale = useAntdLocale(i18n.language);
  const { themeColor } = settingsStore.use();
  const { size } = appStore.use();
  const [router] = useState(createRouter);
  const theme = useMemo(() => appTheme(themeColor), [themeColor]);
  return (
    <ConfigProvider locale={antdLocale} componentSize={antdSize(size)} theme={theme}>
      <NotifierMount />
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
