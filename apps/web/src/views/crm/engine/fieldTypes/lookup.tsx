import { Link } from 'react-router';
import { isCrmModule } from '@orbit/shared/crm/modules';
import LookupSelect, { hasLookupSource } from '../LookupSelect';
import { lookupName } from '../lookupNames';
import RestrictedRecord from '../RestrictedRecord';
import { useCurrentModuleMeta } from '../ModuleMetaContext';
import { useRecordLink } from '../useRecordLink';
import type { DisplayProps, FieldTypeView, FilterInputProps, InputProps } from './fieldTypeView';

/**
 * A record or a user by its name (from the answer's `lookups`), linked to its detail page when the
 * user may open it; a record outside their scope as "Restricted record", without a link.
 */
function Display({ field, value, lookups }: DisplayProps) {
  const recordLink = useRecordLink();
  const meta = useCurrentModuleMeta();
  const target = field.lookupModule;
  if (typeof value !== 'number' || !target) return null;
  const name = lookupName(lookups, target, value);
  if (name === null) return <RestrictedRecord />;
  const label = name ?? (target === 'recordType' ? meta?.recordTypes.find((r) => r.id === value)?.label : undefined) ?? `#${value}`;
  const href = isCrmModule(target) ? recordLink(target, value) : null;
  return href ? <Link to={href}>{label}</Link> : <>{label}</>;
}

function Input({ field, value, onChange, id, lookups, autoFocus }: InputProps) {
  if (!field.lookupModule) return null;
  return (
    <LookupSelect
      id={id}
      target={field.lookupModule}
      value={typeof value === 'number' ? value : null}
      onChange={(v) => onChange?.(v as number | null)}
      labels={lookups?.[field.lookupModule]}
      autoFocus={autoFocus}
    />
  );
}

function FilterInput({ field, shape, value, onChange }: FilterInputProps) {
  if (!field.lookupModule) return null;
  const multiple = shape === 'list';
  return (
    <LookupSelect
      target={field.lookupModule}
      multiple={multiple}
      value={multiple ? (Array.isArray(value) ? (value as number[]) : []) : typeof value === 'number' ? value : null}
      onChange={onChange}
      style={{ minWidth: 220 }}
    />
  );
}

export const lookupView: FieldTypeView = {
  Display,
  Input,
  FilterInput,
 
  pointAt: (_module, id) => id,
  canFilter: (field) => hasLookupSource(field.lookupModule),
};
