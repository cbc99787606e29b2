import { useCallback, useState } from 'react';
import { hasErrors, requestFeedback, type FieldErrors } from '../../../utils/formValidation';

export type SubmitResult = 'invalid' | 'refused' | 'done';

/**
 * State of one sign-in form: field errors (from the checks or the server), the form's message,
 * and whether it is being sent (buttons show a spinner and stay disabled meanwhile). With
 * `messageField`, a refusal that names no field is shown on that field (one-field forms).
 */
export function useSubmission<F extends string>(fields: readonly F[], messageField?: F) {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [message, setMessage] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const clearField = useCallback((field: F) => setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current)), []);

  /** Sends when the checks pass: 'invalid' (not sent), 'refused' (sent, failed) or 'done'. */
  const submit = async (checks: FieldErrors<F>, action: () => Promise<void>): Promise<SubmitResult> => {
    setMessage(undefined);
    setErrors(checks);
    if (hasErrors(checks)) return 'invalid';
    setSubmitting(true);
    try {
      await action();
      return 'done';
    } catch (error) {
      const feedback = requestFeedback(error, fields);
      if (messageField && feedback.message) setErrors({ [messageField]: { text: feedback.message } } as FieldErrors<F>);
      else {
        setErrors(feedback.fields);
        setMessage(feedback.message);
      }
      return 'refused';
    } finally {
      setSubmitting(false);
    }
  };

  return { errors, setErrors, message, setMessage, submitting, clearField, submit };
}
