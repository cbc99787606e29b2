import { useCallback, useEffect, useState } from 'react';
import { getCaptcha } from '../api/auth';

/** The captcha as the server's setting asks for it: off, or a picture and the id its answer is sent with. */
export type CaptchaState = { enabled: boolean; uuid?: string; img?: string; loading: boolean };
/** What a form sends with its request when the captcha is on (named as /login names them). */
export type CaptchaAnswer = { code: string; uuid?: string };

/**
 * The captcha of one form (sign-in, every form that has a code mailed): asked for when the form
 * appears, and again with `refresh` after every use, since the server takes each one once,
 * whatever the answer.
 */
export function useCaptcha(): { captcha: CaptchaState; refresh: () => Promise<void> } {
  const [captcha, setCaptcha] = useState<CaptchaState>({ enabled: false, loading: true });

  const refresh = useCallback(async () => {
    setCaptcha((current) => ({ ...current, loading: true }));
    try {
      const answer = await getCaptcha();
      setCaptcha({ enabled: answer.captchaEnabled, uuid: answer.uuid, img: answer.img, loading: false });
    } catch {
      // The request client has shown why; a click on the picture tries again.
      setCaptcha((current) => ({ ...current, enabled: true, loading: false }));
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return { captcha, refresh };
}
