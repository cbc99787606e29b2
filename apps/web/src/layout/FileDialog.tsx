import { FolderOpenOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { lazyWhenOpen } from '../components/lazyWhenOpen';
import { fileCentreOpen } from '../store/fileCentre';

// The dialog (tables, tabs, progress bars, the import actions) loads when first opened, not with
// the shell: a list's first visit does not draw it (bench/wireSize.ts).
const FileCentre = lazyWhenOpen(() => import('./FileCentre'), (props: { open: boolean }) => props.open);

/** File management (SPEC §2): the navbar's button and the user's download and upload records; generated files download here. */
export default function FileDialog() {
  const { t } = useTranslation();
  const open = fileCentreOpen.use();
  const setOpen = fileCentreOpen.set;
  return (
    <>
      <Tooltip title={t('layout.files')}>
        <Button type="text" icon={<FolderOpenOutlined />} aria-label={t('layout.files')} onClick={() => setOpen(true)} data-testid="file-button" />
      </Tooltip>
      <FileCentre open={open} onClose={() => setOpen(false)} />
    </>
  );
}
