import { Input, Select, Space } from 'antd';
import { useDemoT } from '../../components/demoI18n';

export type ExportChoice = { fileName: string; bookType: 'xlsx' | 'csv' };

/** The file name and type of an export. */
export default function ExportOptions({ value, onChange }: { value: ExportChoice; onChange: (next: ExportChoice) => void }) {
  const { t } = useDemoT();
  return (
    <Space wrap>
      <Input style={{ width: 240 }} placeholder={t('excel.fileName')} value={value.fileName} onChange={(e) => onChange({ ...value, fileName: e.target.value })} data-testid="excel-file-name" />
      <Select style={{ width: 100 }} value={value.bookType} onChange={(bookType) => onChange({ ...value, bookType })} options={[{ value: 'xlsx', label: 'xlsx' }, { value: 'csv', label: 'csv' }]} />
    </Space>
  );
}
