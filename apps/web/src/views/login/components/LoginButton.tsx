import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from '../LoginPage.module.css';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { primary?: boolean; loading?: boolean; icon?: ReactNode };

/** The sign-in page's full-width button, drawn in CSS like antd's large button; disabled while loading. */
export default function LoginButton({ primary, loading, icon, disabled, children, type = 'button', ...button }: Props) {
  return (
    <button {...button} type={type} className={primary ? styles.buttonPrimary : styles.button} disabled={disabled || loading} aria-busy={loading || undefined}>
      {loading ? <span className={styles.spinner} aria-hidden /> : icon}
      <span>{children}</span>
    </button>
  );
}
