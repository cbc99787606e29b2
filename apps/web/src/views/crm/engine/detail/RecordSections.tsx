import { Card, Descriptions } from 'antd';
import type { CrmRecord, LookupLabels, ModuleMeta, RecordAnswer } from '@orbit/shared/contract/crm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { layoutSections } from '../form/recordFormValues';
import { layoutOf } from '../moduleMeta';
import InlineField from './InlineField';

type Props = {
  module: CrmModule;
  meta: ModuleMeta;
  record: CrmRecord;
  lookups: LookupLabels;
  canEdit: boolean;
  onSaved: (answer: RecordAnswer) => void;
  onReload: () => void;
};

/** The sections of the record type's layout, read-only, each field editable in place where the layout allows. */
export default function RecordSections({ module, meta, record, lookups, canEdit, onSaved, onReload }: Props) {
  const sections = layoutSections(meta, layoutOf(meta, record.recordTypeId), 'view');
  return (
    <>
      {sections.map((section) => (
        <Card key={section.key} size="small" title={section.title} className="crm-detail-section" data-testid={`section-${section.key}`}>
          <Descriptions
            column={{ xs: 1, sm: 1, md: section.columns, lg: section.columns, xl: section.columns, xxl: section.columns }}
            size="small"
            items={section.fields.map((f) => ({
              key: f.field.name,
              label: f.field.label,
              children: <InlineField module={module} record={record} lookups={lookups} layoutField={f} canEdit={canEdit} onSaved={onSaved} onReload={onReload} />,
            }))}
          />
        </Card>
      ))}
    </>
  );
}
