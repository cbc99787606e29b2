import { Alert, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportUpload } from '@orbit/shared/contract/recordImport';

type Props = { upload: ImportUpload; mapping: Array<string | null>; onChange: (mapping: Array<string | null>) => void };

/** Column letters as the spreadsheet shows them: A … Z, AA … */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** Required fields no column is mapped to (none may be left out), by label. */
export function unmappedRequired(upload: ImportUpload, mapping: Array<string | null>): string[] {
  return upload.fields.filter((f) => f.required && !mapping.includes(f.name)).map((f) => f.label);
}

/**
 * The second step: each column of the file and the field it goes to, as the server matched them
 * (by label in either language, or by name), changed here; a field takes one column at most.
 */
export default function MappingStep({ upload, mapping, onChange }: Props) {
  const { t } = useTranslation();
  const missing = unmappedRequired(upload, mapping);
  const rows = upload.headers.map((header, index) => ({ index, header, sample: upload.sample[index] ?? '' }));
  const set = (index: number, name: string | null) => onChange(mapping.map((current, i) => (i === index ? name : current)));
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {missing.length > 0 && <Alert type="warning" showIcon title={t('crm.import.requiredMissing', { fields: missing.join(', ') })} data-testid="import-required-missing" />}
      {!mapping.some(Boolean) && <Alert type="warning" showIcon title={t('crm.import.nothingMapped')} />}
      <Table
        rowKey="index"
        size="small"
        pagination={false}
        scroll={{ y: 360 }}
        dataSource={rows}
        data-testid="import-mapping"
        columns={[
          {
            title: t('crm.import.column'),
            key: 'column',
            width: 220,
            render: (_, row) => (
              <Space size={6}>
                <Typography.Text type="secondary">{columnLetter(row.index)}</Typography.Text>
                <Typography.Text strong>{row.header}</Typography.Text>
              </Space>
            ),
          },
          { title: t('crm.import.firstRow'), dataIndex: 'sample', ellipsis: true },
          {
            title: t('crm.import.field'),
            key: 'field',
            width: 260,
            render: (_, row) => (
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                value={mapping[row.index] ?? undefined}
                placeholder={t('crm.import.skipColumn')}
                onChange={(name?: string) => set(row.index, name ?? null)}
                style={{ width: '100%' }}
                aria-label={`${t('crm.import.field')} ${columnLetter(row.index)}`}
                data-testid={`import-map-${row.index}`}
                options={upload.fields.map((f) => ({
                  value: f.name,
                  label: f.required ? `${f.label} *` : f.label,
                  disabled: mapping.includes(f.name) && mapping[row.index] !== f.name,
                }))}
              />
            ),
          },
        ]}
      />
    </Space>
  );
}
