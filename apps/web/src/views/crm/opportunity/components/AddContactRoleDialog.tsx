import { useQuery } from '@tanstack/react-query';
import { Checkbox, Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_ROLE_DICT } from '@orbit/shared/constants';
import { addContactRole, listContactCandidates } from '../../../../api/crmContactRoles';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { dictSelectOptions, useDict } from '../../../../components/dict/useDict';

type Values = { contactId?: number; role?: string; isPrimary?: boolean };
type Props = { opportunityId: number; open: boolean; onClose: () => void; onDone: () => void };

/**
 * Gives a contact a role on the opportunity. The picker offers the contacts of the opportunity's
 * account first, in their own group; typing searches every contact the user may see.
 */
export default function AddContactRoleDialog({ opportunityId, open, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const dict = useDict(CONTACT_ROLE_DICT);
  const [q, setQ] = useState('');
  const candidates = useQuery({
    queryKey: ['crm-contact-role-candidates', opportunityId, q],
    queryFn: async () => (await listContactCandidates(opportunityId, q)).data,
    enabled: open,
  });
  const { saving, submit } = useFormSubmit(
    form,
    (values: Values) => addContactRole(opportunityId, { contactId: values.contactId!, role: values.role!, isPrimary: values.isPrimary ?? false }),
    () => {
      form.resetFields();
      setQ('');
      onDone();
      onClose();
    },
    'crm.contactRole.saved',
  );
  const rows = candidates.data ?? [];
  const option = (c: (typeof rows)[number]) => ({ value: c.id, label: c.accountName ? `${c.name} · ${c.accountName}` : c.name });
  const groups = [
    { label: t('crm.contactRole.sameAccount'), options: rows.filter((c) => c.sameAccount).map(option) },
    { label: t('crm.contactRole.otherContacts'), options: rows.filter((c) => !c.sameAccount).map(option) },
  ].filter((g) => g.options.length);
  const contactLabel = t('crm.contactRole.contact');
  const roleLabel = t('crm.contactRole.role');
  return (
    <FormDialog open={open} title={t('crm.contactRole.add')} saving={saving} onSubmit={() => void submit()} onClose={onClose}>
      <DialogForm form={form} layout="vertical" data-testid="add-contact-role-form">
        <Form.Item name="contactId" label={contactLabel} required rules={[{ required: true, message: t('server.validation.required', { field: contactLabel }) }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setQ }}
            loading={candidates.isFetching}
            options={groups}
            placeholder={t('crm.contactRole.searchContacts')}
            aria-label={contactLabel}
            data-testid="contact-role-contact"
          />
        </Form.Item>
        <Form.Item name="role" label={roleLabel} required rules={[{ required: true, message: t('server.validation.required', { field: roleLabel }) }]}>
          <Select options={dictSelectOptions(dict[CONTACT_ROLE_DICT])} aria-label={roleLabel} data-testid="contact-role-role" />
        </Form.Item>
        <Form.Item name="isPrimary" valuePropName="checked">
          <Checkbox data-testid="contact-role-primary">{t('crm.contactRole.primary')}</Checkbox>
        </Form.Item>
      </DialogForm>
    </FormDialog>
  );
}
