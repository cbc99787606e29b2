import type { ReactNode } from 'react';
import styles from '../LoginPage.module.css';

type Props = { id: string; label: string; error?: string; extra?: ReactNode; children: ReactNode };

/** A labelled field of the sign-in forms with its message underneath (announced when it appears). */
export default function LoginField({ id, label, error, extra, children }: Props) {
  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        <label htmlFor={id}>{label}</label>
        {extra}
      </div>
      {children}
      <div id={`${id}-error`} className={styles.fieldError} role="alert" data-testid={`${id}-error`}>
        {error}
      </div>
    </div>
  );
}

/** Props that tie an input to its LoginField: id, error state and description. */
export function fieldProps(id: string, error: string | undefined) {
  return { id, invalid: Boolean(error), 'aria-describedby': `${id}-error` };
}
