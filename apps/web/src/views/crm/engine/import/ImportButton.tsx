import { ImportOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModuleMeta } from '@orbit/shared/contract/crm';
import { lazyWhenOpen } from '../../../../components/lazyWhenOpen';

/** The wizard (upload, steps) loads when the button is first pressed. */
const ImportWizard = lazyWhenOpen(() => import('./ImportWizard'), (p) => p.open);

type Props = { meta: ModuleMeta; canEdit: boolean; onImported: () => void };

/** "Import" beside "Export" on every list (shown to users who may add the module's records). */
export default function ImportButton({ meta, canEdit, onImported }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<ImportOutlined />} onClick={() => setOpen(true)} data-testid="list-import">
        {t('crm.import.button')}
      </Button>
      <ImportWizard meta={meta} open={open} canEdit={canEdit} onClose={() => setOpen(false)} onImported={onImported} />
    </>
  );
}
