import { Checkbox, Col, Form, Row } from 'antd';
import type { ModuleMeta } from '@orbit/shared/contract/crm';
import ConvertField from './ConvertField';

type Props = {
  part: 'opportunity' | 'task';
  meta: ModuleMeta;
  /** The checkbox that asks for this record at all. */
  label: string;
  /** Its fields, in order; the first takes the whole width. */
  fields: string[];
};

/** An optional record the conversion creates (an opportunity, a follow-up task): ticked, it asks for its fields. */
export default function ConvertRecordPart({ part, meta, label, fields }: Props) {
  const create = Form.useWatch<boolean | undefined>([part, 'create']);
  return (
    <section data-testid={`convert-${part}`}>
      <Form.Item name={[part, 'create']} valuePropName="checked" style={{ marginBottom: create ? 8 : 16 }}>
        <Checkbox>{label}</Checkbox>
      </Form.Item>
      {create && (
        <Row gutter={16}>
          {fields.map((name, i) => (
            <Col key={name} xs={24} md={i === 0 ? 24 : 12}>
              <ConvertField meta={meta} part={part} name={name} />
            </Col>
          ))}
        </Row>
      )}
    </section>
  );
}
