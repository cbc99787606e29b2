import { Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isCrmModule, type CrmModule } from '@orbit/shared/crm/modules';
import LookupSelect from '../LookupSelect';
import { lookupName } from '../lookupNames';
import RestrictedRecord from '../RestrictedRecord';
import { useRecordLink } from '../useRecordLink';
import type { DisplayProps, FieldTypeView, FilterInputProps, InputProps } from './fieldTypeView';

type Related = { module: CrmModule; id: number };

const asRelated = (value: unknown): Related | null => {
  const v = value as Partial<Related> | null;
  return v && typeof v === 'object' && isCrmModule(v.module) && typeof v.id === 'number' ? (v as Related) : null;
};

/** A record of one of several modules (a task's "related to"): its module, then its name, linked — or "Restricted record" outside the viewer's scope. */
function Display({ value, lookups }: DisplayProps) {
  const { t } = useTranslation();
  const recordLink = useRecordLink();
  const related = asRelated(value);
  if (!related) return null;
  const name = lookupName(lookups, related.module, related.id);
  const label = name ?? `#${related.id}`;
  const href = name === null ? null : recordLink(related.module, related.id);
  return (
    <span>
      {/* One record: its kind in the singular ("Campaign:"), as a lookup's label and the reminders say it. */}
      <span className="crm-related-module">{t(`crm.record.${related.module}`)}: </span>
      {name === null ? (
        <RestrictedRecord />
      ) : href ? (
        <Link to={href} className="crm-inline-link">
          {label}
        </Link>
      ) : (
        label
      )}
    </span>
  );
}

/** First the module (among those the field allows), then a record of it. */
function Input({ field, value, onChange, id, lookups, autoFocus }: InputProps) {
  const { t } = useTranslation();
  const related = asRelated(value);
  const modules = (field.relatedModules ?? []).filter(isCrmModule);
  const [chosen, setChosen] = useState<CrmModule | undefined>(related?.module ?? modules[0]);
  const module = related?.module ?? chosen;
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        value={module}
        onChange={(next: CrmModule) => {
          setChosen(next);
          if (related && related.module !== next) onChange?.(null);
        }}
        options={modules.map((m) => ({ value: m, label: t(`crm.module.${m}`) }))}
        style={{ width: 140 }}
        aria-label={t('crm.form.relatedModule')}
      />
      {module && (
        <LookupSelect
          key={module}
          id={id}
          target={module}
          value={related?.id ?? null}
          onChange={(next) => onChange?.(typeof next === 'number' ? { module, id: next } : null)}
          labels={lookups?.[module]}
          autoFocus={autoFocus}
        />
      )}
    </Space.Compact>
  );
}

function FilterInput({ field, value, onChange }: FilterInputProps) {
  return (
    <div style={{ minWidth: 320 }}>
      <Input field={field} value={asRelated(value)} onChange={onChange} />
    </div>
  );
}

// Two pickers (the kind of record, then the record) are too wide for a list's cell: edited on the record's page.
export const relatedRecordView: FieldTypeView = { Display, Input, FilterInput, pointAt: (module, id) => ({ module, id }), gridEditable: false, columnWidth: 120 };
