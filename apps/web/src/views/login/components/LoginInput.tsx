import EyeInvisibleOutlined from '@ant-design/icons/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../LoginPage.module.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> & {
  id: string;
  icon?: ReactNode;
  invalid?: boolean;
  /** A password with a show / hide switch. */
  revealable?: boolean;
};

/**
 * The sign-in page's input, drawn in CSS to match antd's large input. A plain element on purpose:
 * antd's Input and Button would add ~17 KiB gzip to the page everyone loads first (docs/decisions.md).
 */
export default function LoginInput({ icon, invalid, revealable, type = 'text', className, ...input }: Props) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  return (
    <span className={[styles.input, invalid ? styles.inputInvalid : '', className ?? ''].join(' ')}>
      {icon && <span className={styles.inputIcon}>{icon}</span>}
      <input {...input} type={revealable && revealed ? 'text' : type} aria-invalid={invalid || undefined} />
      {revealable && (
        <button
          type="button"
          className={styles.reveal}
          onClick={() => setRevealed((current) => !current)}
          aria-label={t(revealed ? 'login.hidePassword' : 'login.showPassword')}
          aria-pressed={revealed}
          aria-controls={input.id}
        >
          {revealed ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        </button>
      )}
    </span>
  );
}
