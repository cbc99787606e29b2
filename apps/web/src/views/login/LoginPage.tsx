import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { getCaptcha, login } from '../../api/auth';
import { RequestError } from '../../api/request';
import { setToken } from '../../utils/auth';
import LanguageSwitch from '../../components/LanguageSwitch';
import styles from './LoginPage.module.css';

type LoginForm = { username: string; password: string; code?: string };

/** Sign-in with user name, password and captcha (refreshes on click). */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<LoginForm>();
  const [captcha, setCaptcha] = useState<{ enabled: boolean; uuid?: string; img?: string }>({ enabled: false });
  const [submitting, setSubmitting] = useState(false);

  const refreshCaptcha = useCallback(async () => {
    try {
      const answer = await getCaptcha();
      setCaptcha({ enabled: answer.captchaEnabled, uuid: answer.uuid, img: answer.img });
      form.setFieldValue('code', '');
    } catch {
      // The request client has already shown the error.
    }
  }, [form]);

  useEffect(() => {
    void refreshCaptcha();
  }, [refreshCaptcha]);

  const handleSubmit = async (values: LoginForm) => {
    setSubmitting(true);
    try {
      const answer = await login({ username: values.username.trim(), password: values.password, code: values.code, uuid: captcha.uuid });
      setToken(answer.token);
      navigate(params.get('redirect') || '/', { replace: true });
    } catch (error) {
      if (error instanceof RequestError && error.message) form.setFields([{ name: 'password', errors: [error.message] }]);
      if (captcha.enabled) void refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className={styles.page}>
      <div className={styles.language}>
        <LanguageSwitch />
      </div>
      <Card className={styles.card}>
        <Typography.Title level={3} className={styles.title}>
          {t('login.title')}
        </Typography.Title>
        <Form form={form} size="large" onFinish={handleSubmit} autoComplete="on">
          <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
            <Input prefix={<UserOutlined />} placeholder={t('login.username')} autoComplete="username" maxLength={30} />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} placeholder={t('login.password')} autoComplete="current-password" maxLength={64} />
          </Form.Item>
          {captcha.enabled && (
            <Form.Item>
              <div className={styles.captchaRow}>
                <Form.Item name="code" noStyle rules={[{ required: true, message: t('login.codeRequired') }]}>
                  <Input prefix={<SafetyOutlined />} placeholder={t('login.code')} maxLength={10} autoComplete="off" />
                </Form.Item>
                <img className={styles.captcha} src={captcha.img} alt={t('login.captchaAlt')} title={t('login.captchaRefresh')} onClick={() => void refreshCaptcha()} />
              </div>
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {submitting ? t('login.signingIn') : t('login.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
