import { Checkbox, Form, Radio, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DUPLICATE_POLICIES, type DuplicatePolicy, type ImportUpload } from '@orbit/shared/contract/recordImport';
import LookupSelect from '../LookupSelect';

/** `useAssignmentRules`: the module's assignment rules give the new records their owner (`ownerId` then for those no entry matches). */
export type ImportOptions = { duplicateField: string | null; duplicatePolicy: DuplicatePolicy; ownerId: number; useAssignmentRules: boolean };

type Props = {
  upload: ImportUpload;
  mapping: Array<string | null>;
  options: ImportOptions;
  onChange: (options: ImportOptions) => void;
  canEdit: boolean;
  /** The owner's name, known before the picker loads its options (the user themself). */
  ownerLabels: Record<string, string>;
  /** The module has assignment rules (leads): offer them. */
  assignable: boolean;
};

/**
 * The third step: what a duplicate is (a mapped text-like field: an e-mail, a name), what to do
 * with one (updating needs edit), and who owns the new records (any active user, as the form's
 * owner picker offers; the user themself by default).
 */
export default function OptionsStep({ upload, mapping, options, onChange, canEdit, ownerLabels, assignable }: Props) {
  const { t } = useTranslation();
  const keys = upload.fields.filter((f) => f.duplicateKey && mapping.includes(f.name));
  return (
    <Form layout="vertical" style={{ maxWidth: 560 }}>
      <Form.Item label={t('crm.import.duplicateField')} extra={t('crm.import.duplicateHint')}>
        <Select
          value={options.duplicateField ?? ''}
          onChange={(name: string) => onChange({ ...options, duplicateField: name || null })}
          options={[{ value: '', label: t('crm.import.noDuplicateCheck') }, ...keys.map((f) => ({ value: f.name, label: f.label }))]}
          aria-label={t('crm.import.duplicateField')}
          data-testid="import-duplicate-field"
        />
      </Form.Item>
      <Form.Item label={t('crm.import.policy')}>
        <Radio.Group
          value={options.duplicatePolicy}
          disabled={!options.duplicateField}
          onChange={(e) => onChange({ ...options, duplicatePolicy: e.target.value as DuplicatePolicy })}
          data-testid="import-policy"
        >
          <Space orientation="vertical">
            {DUPLICATE_POLICIES.map((policy) => (
              <Radio key={policy} value={policy} disabled={policy === 'update' && !canEdit}>
                {t(`crm.import.policy.${policy}`)}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
        {!canEdit && (
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            {t('crm.import.policyNeedsEdit')}
          </Typography.Text>
        )}
      </Form.Item>
      {assignable && (
        <Form.Item>
          <Checkbox checked={options.useAssignmentRules} onChange={(e) => onChange({ ...options, useAssignmentRules: e.target.checked })} data-testid="import-assign">
            {t('assignment.useRules')}
          </Checkbox>
        </Form.Item>
      )}
      <Form.Item label={assignable && options.useAssignmentRules ? t('crm.import.ownerUnmatched') : t('crm.import.owner')}>
        <LookupSelect
          target="user"
          value={options.ownerId}
          labels={ownerLabels}
          onChange={(id) => typeof id === 'number' && onChange({ ...options, ownerId: id })}
          aria-label={t('crm.import.owner')}
        />
      </Form.Item>
    </Form>
  );
}
