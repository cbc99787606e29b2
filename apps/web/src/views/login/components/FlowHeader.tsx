import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import { useTranslation } from 'react-i18next';
import styles from '../LoginPage.module.css';

/** Title of a secondary sign-in flow with the way back to the password form. */
export default function FlowHeader({ title, subtitle, onBack }: { title: string; subtitle: string; onBack(): void }) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className={styles.backLink} onClick={onBack} data-testid="back-to-sign-in">
        <ArrowLeftOutlined /> {t('login.backToSignIn')}
      </button>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.subtitle}>{subtitle}</p>
    </>
  );
}
