import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n/i18n';
import en from '../locales/en';
import zh from '../locales/zh';

/**
 * The template demo's texts live in their own `demo` namespace, in the demo chunks only: the
 * sign-in page and the product's pages never load them. Both languages are small, so both are
 * added when the first demo page loads.
 */
export const DEMO_NS = 'demo';
if (!i18n.hasResourceBundle('en', DEMO_NS)) {
  i18n.addResourceBundle('en', DEMO_NS, en);
  i18n.addResourceBundle('zh', DEMO_NS, zh);
}

export function useDemoT() {
  return useTranslation(DEMO_NS);
}
