import { LANGUAGES, type Language } from '@orbit/shared/constants';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../../i18n/i18n';
import styles from '../LoginPage.module.css';

const NAMES: Record<Language, string> = { en: 'English', zh: '中文' };

/**
 * The sign-in page's language switch: two plain buttons, each named in its own language, so that
 * anyone finds theirs. (The top bar's dropdown would add antd's Menu and Dropdown to this page.)
 */
export default function LanguageToggle() {
  const { t, i18n } = useTranslation();
  return (
    <div className={styles.languageToggle} role="group" aria-label={t('login.language')} data-testid="login-language">
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language === 'zh' ? 'zh-CN' : 'en'}
          className={i18n.language === language ? styles.languageActive : undefined}
          aria-pressed={i18n.language === language}
          onClick={() => changeLanguage(language)}
        >
          {NAMES[language]}
        </button>
      ))}
    </div>
  );
}
