import { Button, Form, Input, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTRODUCTION_MAX } from '@orbit/shared/constants';
import type { Currency } from '@orbit/shared/crm/money';
import { updateProfileBody, type ChangeEmailBody, type ConfirmEmailBody, type ProfileUser, type UpdateProfileBody } from '@orbit/shared/contract/user';
import { textLength } from '@orbit/shared/textLength';
import { useFormSubmit } from '../../../../../components/admin/useFormSubmit';
import { useZodRule } from '../../../../../components/admin/useZodRule';
import { dictSelectOptions, useDict } from '../../../../../components/dict/useDict';
import EmailChangeDialog from './EmailChangeDialog';

const field = updateProfileBody.shape;

/** The organisation currency in the display-currency box: null on the wire (the user follows it if it changes). */
const ORGANISATION = '';
type Values = Omit<UpdateProfileBody, 'displayCurrency'> & { displayCurrency?: Currency | typeof ORGANISATION };

type Props = {
  profile: ProfileUser;
  /** The currencies the user may read totals in, the organisation's first (the server's list). */
  displayCurrencies: Currency[];
  onSave: (values: UpdateProfileBody) => Promise<void>;
  onRequestEmailChange: (values: ChangeEmailBody) => Promise<{ msg: string }>;
  onConfirmEmailChange: (values: ConfirmEmailBody) => Promise<unknown>;
};

/** Edit one's own nickname, phone, sex, introduction and display currency; the e-mail address changes through its own confirmed dialog. */
export default function ProfileForm({ profile, displayCurrencies, onSave, onRequestEmailChange, onConfirmEmailChange }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const zodRule = useZodRule();
  const dict = useDict('sys_user_sex');
  const save = ({ displayCurrency, ...values }: Values) => onSave({ ...values, displayCurrency: displayCurrency || null });
  const { saving, submit } = useFormSubmit(form, save, () => undefined);
  const [organisation, ...others] = displayCurrencies;
  const currencyOptions = [
    ...(organisation ? [{ value: ORGANISATION, label: t('profile.displayCurrencyOrganisation', { currency: organisation }) }] : []),
    ...others.map((c) => ({ value: c, label: c })),
  ];
  const [changingEmail, setChangingEmail] = useState(false);
  const initialValues = {
    nickName: profile.nickName, phonenumber: profile.phonenumber, sex: profile.sex, introduction: profile.introduction,
    // A choice the server no longer offers (disabled, no rate) reads as the organisation's, as the totals do.
    displayCurrency: profile.displayCurrency && others.includes(profile.displayCurrency) ? profile.displayCurrency : ORGANISATION,
  } as Values;

  return (
    <Form form={form} layout="vertical" initialValues={initialValues} style={{ maxWidth: 480 }} data-testid="profile-form">
      <Form.Item name="nickName" label={t('profile.nickName')} required rules={[zodRule(field.nickName, 'nickName')]}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="phonenumber" label={t('profile.phonenumber')} rules={[zodRule(field.phonenumber, 'phonenumber')]}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item label={t('profile.email')}>
        <Space.Compact style={{ width: '100%' }}>
          <Input value={profile.email} readOnly aria-label={t('profile.email')} data-testid="profile-email" />
          <Button onClick={() => setChangingEmail(true)}>{t('profile.changeEmail')}</Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="sex" label={t('profile.sex')}>
        <Radio.Group options={dictSelectOptions(dict.sys_user_sex)} />
      </Form.Item>
      <Form.Item name="introduction" label={t('profile.introduction')} rules={[zodRule(field.introduction, 'introduction')]}>
        {/* Counted as the server counts it: double-width characters as 2 (SPEC §5). */}
        <Input.TextArea rows={4} placeholder={t('profile.introductionPlaceholder')} count={{ show: true, max: INTRODUCTION_MAX, strategy: textLength }} />
      </Form.Item>
      <Form.Item name="displayCurrency" label={t('profile.displayCurrency')} extra={t('profile.displayCurrencyHelp')}>
        <Select options={currencyOptions} showSearch optionFilterProp="label" data-testid="profile-display-currency" />
      </Form.Item>
      <Button type="primary" loading={saving} onClick={() => void submit()}>
        {t('common.submit')}
      </Button>
      <EmailChangeDialog open={changingEmail} onClose={() => setChangingEmail(false)} onRequest={onRequestEmailChange} onConfirm={onConfirmEmailChange} />
    </Form>
  );
}
