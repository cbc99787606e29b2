import { StarFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONTACT_ROLE_DICT } from '@orbit/shared/constants';
import type { ContactRole } from '@orbit/shared/contract/contactRoles';
import { listOpportunityRolesOfContact } from '../../../../api/crmContactRoles';
import DictTag from '../../../../components/dict/DictTag';
import { useDict } from '../../../../components/dict/useDict';
import DetailTableCard from '../../engine/detail/DetailTableCard';
import RecordNameLink from '../../engine/RecordNameLink';
import { CONTACT_ROLES_KEY } from '../../opportunity/components/ContactRoles';

/** The opportunities a contact plays a part in, with the role and whether it is the primary contact (edited on the opportunity). */
export default function ContactOpportunities({ contactId }: { contactId: number }) {
  const { t } = useTranslation();
  const dict = useDict(CONTACT_ROLE_DICT)[CONTACT_ROLE_DICT];
  const roles = useQuery({
    queryKey: [CONTACT_ROLES_KEY, 'contact', contactId],
    queryFn: async () => (await listOpportunityRolesOfContact(contactId)).data,
    staleTime: 0,
  });
  return (
    <DetailTableCard<ContactRole>
      title={t('crm.contactRole.opportunities')}
      count={roles.data?.length ?? 0}
      query={roles}
      rowKey="id"
      empty={t('crm.contactRole.noOpportunities')}
      columns={[
        { key: 'opportunity', title: t('crm.contactRole.opportunity'), render: (_, r) => <RecordNameLink module="opportunity" id={r.opportunityId} name={r.opportunityName} /> },
        { key: 'role', title: t('crm.contactRole.role'), render: (_, r) => <DictTag options={dict} value={r.role} /> },
        {
          key: 'primary',
          title: t('crm.contactRole.primary'),
          render: (_, r) =>
            r.isPrimary ? (
              <Tag color="gold" icon={<StarFilled />}>
                {t('crm.contactRole.primary')}
              </Tag>
            ) : null,
        },
      ]}
      data-testid="contact-opportunities"
    />
  );
}
