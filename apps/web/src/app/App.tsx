import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { DEFAULT_THEME_COLOR } from '@orbit/shared/constants';
import NotifierBridge from './NotifierBridge';
import { router } from './router';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/** Providers around the whole app: server data, antd theme and locale, the request notifier. */
export default function App() {
  const { i18n } = useTranslation();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={i18n.language === 'zh' ? zhCN : enUS} theme={{ token: { colorPrimary: DEFAULT_THEME_COLOR } }}>
        <AntdApp>
          <NotifierBridge />
          <RouterProvider router={router} />
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
