import { MailOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { useHasPermission } from '../../../../utils/permission';
import type { RecordContext } from '../../engine/detail/RecordDetail';
import MassEmailDialog from './MassEmailDialog';

/** A campaign's header action "E-mail the members", for holders of the mass e-mail permission. */
export default function CampaignMassEmail({ context }: { context: RecordContext }) {
  const { t } = useTranslation();
  const allowed = useHasPermission(PERMISSIONS.massEmail.send);
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Button icon={<MailOutlined />} onClick={() => setOpen(true)} data-testid="campaign-mass-email">
        {t('email.mass.campaignAction')}
      </Button>
      {open && (
        <MassEmailDialog
          target={{ campaignId: Number(context.record.id) }}
          title={t('email.mass.titleCampaign', { name: String(context.record.name ?? '') })}
          open
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
