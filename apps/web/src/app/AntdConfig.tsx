import { ConfigProvider } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { antdSize, appStore } from '../store/app';
import { settingsStore } from '../store/settings';
import { useAntdLocale } from '../utils/useAntdLocale';
import { appTheme } from './theme';

/**
 * antd's theme (the settings panel's colour), component size and locale, around whatever draws
 * antd components: the routes other than sign-in (app/router), a failed route's result and the
 * request client's messages and dialogs. The sign-in page draws plain elements, so it is not
 * wrapped and does not load antd's style engine (~35 KiB gzip, bench/bundleSize.ts).
 */
export default function AntdConfig({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const antdLocale = useAntdLocale(i18n.language);
  const { themeColor } = settingsStore.use();
  const { size } = appStore.use();
  const theme = useMemo(() => appTheme(themeColor), [themeColor]);
  return (
    <ConfigProvider locale={antdLocale} componentSize={antdSize(size)} theme={theme}>
      {children}
    </ConfigProvider>
  );
}
