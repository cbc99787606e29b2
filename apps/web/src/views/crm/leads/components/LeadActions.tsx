import { SwapOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { RecordContext } from '../../engine/detail/RecordDetail';
import { recordsKey } from '../../engine/list/useRecordListController';
import ConvertLeadDialog, { type Conversion } from './ConvertLeadDialog';
import { useConvertPermissions } from './convertPermissions';

const MADE: CrmModule[] = ['account', 'opportunity', 'task'];

type Props = { context: RecordContext; onConverted: (conversion: Conversion) => void };

/** A lead's own header actions: Convert (not once converted, nor on a lead the caller may only read). */
export default function LeadActions({ context, onConverted }: Props) {
  const { t } = useTranslation();
  const can = useConvertPermissions();
  const queryClient = useQueryClient();
  const [converting, setConverting] = useState(false);
  const { record } = context;
  return (
    <>
      {can.convert && context.writable && !record.convertedAt && (
        <Button icon={<SwapOutlined />} onClick={() => setConverting(true)} data-testid="lead-convert">
          {t('crm.convert.action')}
        </Button>
      )}
      {converting && (
        <ConvertLeadDialog
          context={context}
          onClose={() => setConverting(false)}
          onConverted={(conversion) => {
            onConverted(conversion);
            context.reload();
            // The records it made show in their modules' lists at once.
            for (const module of MADE) void queryClient.invalidateQueries({ queryKey: [recordsKey(module)] });
          }}
        />
      )}
    </>
  );
}
