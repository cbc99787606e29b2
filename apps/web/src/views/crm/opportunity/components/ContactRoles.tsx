import { DeleteOutlined, PlusOutlined, StarFilled } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_ROLE_DICT } from '@orbit/shared/constants';
import type { ContactRole } from '@orbit/shared/contract/contactRoles';
import { listContactRoles, removeContactRole, updateContactRole } from '../../../../api/crmContactRoles';
import { useConfirm } from '../../../../components/admin/useConfirm';
import DictTag from '../../../../components/dict/DictTag';
import { dictSelectOptions, useDict } from '../../../../components/dict/useDict';
import DetailTableCard from '../../engine/detail/DetailTableCard';
import RecordNameLink from '../../engine/RecordNameLink';
import { useModulePermissions } from '../../engine/useModulePermissions';
import { useShowError } from '../../engine/useShowError';
import AddContactRoleDialog from './AddContactRoleDialog';

/** Both sides' cards read under this key, so a change on the opportunity shows on its contacts too. */
export const CONTACT_ROLES_KEY = 'crm-contact-roles';

/**
 * The contacts who take part in an opportunity, the primary first: contact (linked, or "Restricted
 * record"), account, role and primary. Users who may edit opportunities add roles, change a role in
 * place, make one the primary (the previous one stops being so) and remove them.
 */
export default function ContactRoles({ opportunityId }: { opportunityId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const showError = useShowError();
  const canEdit = useModulePermissions('opportunity').edit;
  const dict = useDict(CONTACT_ROLE_DICT)[CONTACT_ROLE_DICT];
  const [adding, setAdding] = useState(false);
  const roles = useQuery({
    queryKey: [CONTACT_ROLES_KEY, 'opportunity', opportunityId],
    queryFn: async () => (await listContactRoles(opportunityId)).data,
    staleTime: 0,
  });
  const changed = () => queryClient.invalidateQueries({ queryKey: [CONTACT_ROLES_KEY] });
  const update = useMutation({
    mutationFn: ({ id, ...body }: { id: number; role?: string; isPrimary?: boolean }) => updateContactRole(opportunityId, id, body),
    onSuccess: async () => {
      void message.success(t('crm.contactRole.saved'));
      await changed();
    },
    onError: (error) => {
      showError(error);
      void changed();
    },
  });

  const remove = (r: ContactRole) =>
    confirm(
      t('crm.contactRole.confirmRemove', { name: r.contactName ?? t('crm.restrictedRecord') }),
      async () => {
        await removeContactRole(opportunityId, r.id);
        await changed();
      },
      t('crm.contactRole.removed'),
    );
  const rows = roles.data ?? [];

  return (
    <>
      <DetailTableCard<ContactRole>
        title={t('crm.contactRole.title')}
        count={rows.length}
        query={roles}
        rowKey="id"
        empty={t('crm.contactRole.empty')}
        extra={
          canEdit && (
            <Button size="small" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-contact-role">
              {t('crm.contactRole.add')}
            </Button>
          )
        }
        columns={[
          { key: 'contact', title: t('crm.contactRole.contact'), render: (_, r) => <RecordNameLink module="contact" id={r.contactId} name={r.contactName} /> },
          { key: 'account', title: t('crm.contactRole.account'), render: (_, r) => r.accountName ?? '' },
          {
            key: 'role',
            title: t('crm.contactRole.role'),
            render: (_, r) =>
              canEdit ? (
                <Select
                  size="small"
                  variant="borderless"
                  style={{ minWidth: 150 }}
                  value={r.role}
                  options={dictSelectOptions(dict)}
                  aria-label={t('crm.contactRole.role')}
                  data-testid={`contact-role-select-${r.contactId}`}
                  onChange={(role: string) => update.mutate({ id: r.id, role })}
                />
              ) : (
                <DictTag options={dict} value={r.role} />
              ),
          },
          {
            key: 'primary',
            title: t('crm.contactRole.primary'),
            render: (_, r) =>
              r.isPrimary ? (
                <Tag color="gold" icon={<StarFilled />} data-testid="contact-role-is-primary">
                  {t('crm.contactRole.primary')}
                </Tag>
              ) : null,
          },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  title: '',
                  align: 'right' as const,
                  render: (_: unknown, r: ContactRole) => (
                    <Space size={0}>
                      {!r.isPrimary && (
                        <Button type="link" size="small" onClick={() => update.mutate({ id: r.id, isPrimary: true })} data-testid={`make-primary-${r.contactId}`}>
                          {t('crm.contactRole.makePrimary')}
                        </Button>
                      )}
                      <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(r)} aria-label={t('crm.contactRole.remove')} data-testid={`remove-role-${r.contactId}`} />
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
        data-testid="contact-roles"
      />
      {canEdit && <AddContactRoleDialog opportunityId={opportunityId} open={adding} onClose={() => setAdding(false)} onDone={() => void changed()} />}
    </>
  );
}
