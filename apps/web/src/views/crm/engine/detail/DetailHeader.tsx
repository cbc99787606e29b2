import { LockFilled } from '@ant-design/icons';
import { Card, Descriptions, Flex, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { CrmRecord, LookupLabels, ModuleMeta } from '@orbit/shared/contract/crm';
import { isEmptyValue } from '@orbit/shared/crm/fieldValue';
import { FieldDisplay } from '../fieldTypes/FieldDisplay';
import FavouriteStar from './FavouriteStar';
import { fieldTypeView } from '../fieldTypes/registry';
import { fieldByName, recordName } from '../moduleMeta';
import { leadingFields, stateFields } from './recordStates';
import { currencyOfRecord } from '../../../../utils/formatCurrency';

/** Facts of the first section shown under the name, besides the owner. */
const KEY_FACTS = 4;

type Props = {
  meta: ModuleMeta;
  record: CrmRecord;
  lookups: LookupLabels;
  actions: ReactNode;
  /** Why the record cannot be changed, or null. */
  locked: string | null;
  /** The module's stage path, drawn across the bottom of the header. */
  path?: ReactNode;
};

/**
 * The top of a detail page: the record's name, its record type and states (the layout's required
 * tag-like fields: a lead's status) as tags, why it cannot be changed (when it cannot), its first
 * facts and owner, and the actions.
 */
export default function DetailHeader({ meta, record, lookups, actions, locked, path }: Props) {
  const states = stateFields(meta, record.recordTypeId);
  const facts = leadingFields(meta, record.recordTypeId)
    .filter((f) => !fieldTypeView(f.field.type).tag && !isEmptyValue(record[f.field.name]))
    .slice(0, KEY_FACTS)
    .map((f) => f.field);
  const owner = fieldByName(meta, 'ownerId');
  if (owner && !facts.includes(owner)) facts.push(owner);
  const recordType = meta.recordTypes.length > 1 ? meta.recordTypes.find((r) => r.id === record.recordTypeId) : undefined;

  return (
    <Card variant="borderless" className="crm-detail-header">
      <Flex justify="space-between" align="flex-start" wrap gap={12}>
        <div>
          <Flex align="center" gap={4}>
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="record-name">
              {recordName(meta, record)}
            </Typography.Title>
            <FavouriteStar module={meta.module} id={record.id} name={recordName(meta, record)} />
          </Flex>
          <Space size={4} wrap style={{ marginTop: 8 }}>
            {recordType && <Tag>{recordType.label}</Tag>}
            {states.map((field) => (
              <FieldDisplay key={field.name} field={field} value={record[field.name]} lookups={lookups} currency={currencyOfRecord(record)} />
            ))}
            {locked && (
              <Tag icon={<LockFilled />} data-testid="record-locked">
                {locked}
              </Tag>
            )}
          </Space>
        </div>
        {/* A gap between all buttons, also those a module's own actions component renders side by side. */}
        <Flex wrap gap={8}>
          {actions}
        </Flex>
      </Flex>
      <Descriptions
        style={{ marginTop: 16 }}
        size="small"
        layout="vertical"
        column={{ xs: 2, sm: 3, md: 5, lg: 5, xl: 5, xxl: 5 }}
        items={facts.map((field) => ({ key: field.name, label: field.label, children: <FieldDisplay field={field} value={record[field.name]} lookups={lookups} currency={currencyOfRecord(record)} /> }))}
      />
      {path}
    </Card>
  );
}
