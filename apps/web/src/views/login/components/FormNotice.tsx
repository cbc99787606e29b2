import styles from '../LoginPage.module.css';

/** A message for the whole form: a refusal from the server, or a success such as "password reset". */
export default function FormNotice({ kind, text }: { kind: 'error' | 'success'; text?: string }) {
  if (!text) return null;
  return (
    <div className={kind === 'error' ? styles.noticeError : styles.noticeSuccess} role={kind === 'error' ? 'alert' : 'status'} data-testid={`login-${kind}`}>
      {text}
    </div>
  );
}
