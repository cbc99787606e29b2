import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import { useEffect, useState } from 'react';

/**
 * antd's texts for the active language. English is antd's own default (already in the bundle);
 * Chinese is fetched only when it is the active language, so the sign-in page does not carry both.
 */
let zhCN: Locale | undefined;
const loadZhCN = () => import('antd/es/locale/zh_CN').then((m) => (zhCN = m.default));

export function useAntdLocale(language: string): Locale {
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (language === 'zh' && !zhCN) void loadZhCN().then(() => setLoaded((n) => n + 1));
  }, [language]);
  return language === 'zh' && zhCN ? zhCN : enUS;
}
