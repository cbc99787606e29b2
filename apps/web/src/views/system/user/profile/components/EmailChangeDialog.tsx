import { Alert, Flex, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_CODE_LENGTH, EMAIL_MAX, PASSWORD_MAX } from '@orbit/shared/constants';
import { changeEmailBody, confirmEmailBody, type ChangeEmailBody, type ConfirmEmailBody } from '@orbit/shared/contract/user';
import { requiredText } from '@orbit/shared/validation';
import DialogForm from '../../../../../components/admin/DialogForm';
import { useFormSubmit } from '../../../../../components/admin/useFormSubmit';
import { useZodRule } from '../../../../../components/admin/useZodRule';
import { useCaptcha } from '../../../../../utils/useCaptcha';
import styles from './EmailChangeDialog.module.css';

/** The captcha's answer, as the server takes it (contract/auth.ts captchaFields). */
const captchaAnswer = requiredText(10);

type Props = {
  open: boolean;
  onClose: () => void;
  onRequest: (values: ChangeEmailBody) => Promise<{ msg: string }>;
  onConfirm: (values: ConfirmEmailBody) => Promise<unknown>;
};
type Values = { email: string; password: string; code: string; captcha?: string };
/** First the new address and the current password; then the code the server mailed there. */
type Step = { kind: 'request' } | { kind: 'confirm'; email: string; notice: string };

/** Changing one's own e-mail address in two steps, as the server requires. */
export default function EmailChangeDialog({ open, onClose, onRequest, onConfirm }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const zodRule = useZodRule();
  const [step, setStep] = useState<Step>({ kind: 'request' });
  // Step one mails a code, so it passes the captcha when the server asks for one (used once:
  // after a refusal, a new picture).
  const { captcha, refresh } = useCaptcha();
  const renewCaptcha = () => {
    form.setFieldValue('captcha', '');
    void refresh();
  };
  // Step one leads to step two (its notice says where the code went); step two closes.
  const save = async (values: Values) => {
    if (step.kind === 'confirm') return onConfirm({ email: step.email, code: values.code });
    const asked = captcha.enabled ? { code: (values.captcha ?? '').trim(), uuid: captcha.uuid } : {};
    try {
      const answer = await onRequest({ email: values.email, password: values.password, ...asked });
      setStep({ kind: 'confirm', email: values.email, notice: answer.msg });
    } catch (error) {
      if (captcha.enabled) renewCaptcha();
      throw error;
    }
  };
  const confirming = step.kind === 'confirm';
  const { saving, submit } = useFormSubmit(form, save, () => confirming && onClose(), confirming ? 'server.profile.emailChanged' : null);

  return (
    <Modal
      open={open}
      title={t('profile.emailChangeTitle')}
      okText={t(step.kind === 'request' ? 'profile.emailSendCode' : 'profile.emailConfirm')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      afterClose={() => setStep({ kind: 'request' })}
      destroyOnHidden
    >
      <DialogForm form={form} layout="vertical" data-testid="email-change-form">
        {step.kind === 'request' ? (
          <>
            <Alert type="info" showIcon title={t('profile.emailChangeHint')} style={{ marginBottom: 16 }} />
            <Form.Item name="email" label={t('profile.newEmail')} required rules={[zodRule(changeEmailBody.shape.email, 'email')]}>
              <Input maxLength={EMAIL_MAX} autoComplete="email" />
            </Form.Item>
            <Form.Item name="password" label={t('profile.currentPassword')} required rules={[zodRule(changeEmailBody.shape.password, 'password')]}>
              <Input.Password maxLength={PASSWORD_MAX} autoComplete="current-password" />
            </Form.Item>
            {captcha.enabled && (
              <Form.Item label={t('login.code')} required htmlFor="email-change-captcha">
                <Flex gap={8}>
                  <Form.Item name="captcha" noStyle rules={[zodRule(captchaAnswer, 'code')]}>
                    <Input id="email-change-captcha" maxLength={10} autoComplete="off" placeholder={t('login.codePlaceholder')} />
                  </Form.Item>
                  <button type="button" className={styles.captcha} onClick={renewCaptcha} title={t('login.captchaRefresh')} aria-label={t('login.captchaRefresh')}>
                    {captcha.img && !captcha.loading ? <img src={captcha.img} alt={t('login.captchaAlt')} /> : t('login.captchaLoading')}
                  </button>
                </Flex>
              </Form.Item>
            )}
          </>
        ) : (
          <>
            <Alert type="success" showIcon title={step.notice} style={{ marginBottom: 16 }} />
            <Form.Item name="code" label={t('profile.emailCode')} required rules={[zodRule(confirmEmailBody.shape.code, 'code')]}>
              <Input maxLength={EMAIL_CODE_LENGTH} inputMode="numeric" autoComplete="one-time-code" />
            </Form.Item>
          </>
        )}
      </DialogForm>
    </Modal>
  );
}
