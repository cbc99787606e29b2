import { useQuery } from '@tanstack/react-query';
import { Modal, Radio, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { selectRecordTypes } from '../../../../api/crm';
import LoadError from '../../../../components/admin/LoadError';
import { FULL_SCREEN_ON_PHONE } from '../../../../components/fullScreenOnPhone';

type Props = { module: CrmModule; open: boolean; onPick: (recordTypeId: number) => void; onClose: () => void };

/** The first step of a new record when the module has several active record types (SPEC §7). */
export default function RecordTypePicker({ module, open, onPick, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const types = useQuery({
    queryKey: ['crm-record-types', module, i18n.language],
    queryFn: async () => (await selectRecordTypes(module)).data,
    enabled: open,
  });
  const [chosen, setChosen] = useState<number | null>(null);
  const value = chosen ?? types.data?.find((r) => r.isDefault)?.id ?? types.data?.[0]?.id ?? null;
  return (
    <Modal
      open={open}
      title={t('crm.list.chooseRecordType')}
      okText={t('crm.list.next')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: value === null }}
      onOk={() => value !== null && onPick(value)}
      onCancel={onClose}
      afterClose={() => setChosen(null)}
      // Closed at once, without antd's zoom out: the form opens in its place. A dialog leaving by
      // its animation is taken away only when the browser says the animation ended, and twice on a
      // busy machine it never did: its invisible frame stayed over the page, taking every click
      // and keeping the keyboard shortcuts off (the e2e of the newcomer's walk and of the palette).
      transitionName=""
      maskTransitionName=""
      destroyOnHidden
      rootClassName={FULL_SCREEN_ON_PHONE}
    >
      {types.isError ? (
        <LoadError onRetry={() => void types.refetch()} />
      ) : !types.data ? (
        <Skeleton active />
      ) : (
        <Radio.Group value={value} onChange={(e) => setChosen(e.target.value as number)} data-testid="record-type-picker">
          <Space orientation="vertical">
            {types.data.map((type) => (
              <Radio key={type.id} value={type.id}>
                <strong>{type.label}</strong>
                {type.description && <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{type.description}</Typography.Paragraph>}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      )}
    </Modal>
  );
}
