import { Button, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@orbit/shared/contract/auth';
import { updateProfileBody, type UpdateProfileBody } from '@orbit/shared/contract/user';
import { useFormSubmit } from '../../../../../components/admin/useFormSubmit';
import { useZodRule } from '../../../../../components/admin/useZodRule';
import { dictSelectOptions, useDict } from '../../../../../components/dict/useDict';

const field = updateProfileBody.shape;

/** Edit one's own nickname, phone, e-mail and sex. */
export default function ProfileForm({ profile, onSave }: { profile: SessionUser; onSave: (values: UpdateProfileBody) => Promise<void> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UpdateProfileBody>();
  const zodRule = useZodRule();
  const dict = useDict('sys_user_sex');
  const { saving, submit } = useFormSubmit(form, onSave, () => undefined);
  const initialValues = { nickName: profile.nickName, phonenumber: profile.phonenumber, email: profile.email, sex: profile.sex } as UpdateProfileBody;

  return (
    <Form form={form} layout="vertical" initialValues={initialValues} style={{ maxWidth: 480 }} data-testid="profile-form">
      <Form.Item name="nickName" label={t('profile.nickName')} required rules={[zodRule(field.nickName, 'nickName')]}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="phonenumber" label={t('profile.phonenumber')} rules={[zodRule(field.phonenumber, 'phonenumber')]}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="email" label={t('profile.email')} rules={[zodRule(field.email, 'email')]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="sex" label={t('profile.sex')}>
        <Radio.Group options={dictSelectOptions(dict.sys_user_sex)} />
      </Form.Item>
      <Button type="primary" loading={saving} onClick={() => void submit()}>
        {t('common.submit')}
      </Button>
    </Form>
  );
}
