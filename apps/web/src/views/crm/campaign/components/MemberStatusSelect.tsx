import { useMutation } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_MEMBER_STATUS_DICT } from '@orbit/shared/constants';
import type { CampaignMember } from '@orbit/shared/contract/campaign';
import { setMemberStatus } from '../../../../api/crmCampaign';
import { dictSelectOptions, useDict } from '../../../../components/dict/useDict';
import { useShowError } from '../../engine/useShowError';

/**
 * A member's status, changed in place: the new value shows at once and is saved; a refusal puts
 * the old one back with the server's message.
 */
export default function MemberStatusSelect({ member, onSaved }: { member: CampaignMember; onSaved: () => void }) {
  const { t } = useTranslation();
  const dict = useDict(CAMPAIGN_MEMBER_STATUS_DICT);
  const showError = useShowError();
  const [value, setValue] = useState(member.status);
  const save = useMutation({
    mutationFn: (status: string) => setMemberStatus(member.id, status),
    onSuccess: onSaved,
    onError: (error) => {
      setValue(member.status);
      showError(error);
    },
  });
  return (
    <Select
      size="small"
      variant="borderless"
      style={{ minWidth: 130 }}
      value={value}
      loading={save.isPending}
      options={dictSelectOptions(dict[CAMPAIGN_MEMBER_STATUS_DICT])}
      aria-label={t('crm.leads.memberStatus')}
      data-testid={`member-status-${member.id}`}
      onChange={(next: string) => {
        setValue(next);
        save.mutate(next);
      }}
    />
  );
}
