import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import { useTranslation } from 'react-i18next';
import type { CaptchaState } from '../../../utils/useCaptcha';
import styles from '../LoginPage.module.css';
import LoginField, { fieldProps } from './LoginField';
import LoginInput from './LoginInput';

/** The most characters a captcha answer may have (the server's limit, contract/auth.ts captchaFields). */
export const CAPTCHA_ANSWER_MAX = 10;

type Props = { id: string; captcha: CaptchaState; value: string; error?: string; onChange(value: string): void; onRefresh(): void };

/** The captcha of the sign-in page's forms: the characters typed beside their picture; a click shows a new one. */
export default function CaptchaField({ id, captcha, value, error, onChange, onRefresh }: Props) {
  const { t } = useTranslation();
  return (
    <LoginField id={id} label={t('login.code')} error={error}>
      <div className={styles.captchaRow}>
        <LoginInput
          {...fieldProps(id, error)}
          icon={<SafetyOutlined />}
          placeholder={t('login.codePlaceholder')}
          autoComplete="off"
          maxLength={CAPTCHA_ANSWER_MAX}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className={styles.captchaButton}
          onClick={onRefresh}
          title={t('login.captchaRefresh')}
          aria-label={t('login.captchaRefresh')}
          data-testid="captcha-image"
        >
          {captcha.img && !captcha.loading ? <img src={captcha.img} alt={t('login.captchaAlt')} /> : <span>{t('login.captchaLoading')}</span>}
        </button>
      </div>
    </LoginField>
  );
}
