import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { CrmRecord, LookupLabels, ModuleMeta } from '@orbit/shared/contract/crm';
import { FieldDisplay } from '../fieldTypes/FieldDisplay';
import { fieldTypeView } from '../fieldTypes/registry';
import { recordName } from '../moduleMeta';

type Options = {
  meta: ModuleMeta;
  columns: string[];
  lookups: LookupLabels | undefined;
  sortOrderOf: (column: string) => 'ascend' | 'descend' | null;
  /** The detail page of a record, or null when the user may not open it. */
  linkOf: (id: number) => string | null;
  nameTitle: string;
};

/**
 * Table columns of a list: one per chosen field, each cell drawn by its type; name fields link to
 * the record's detail page (a list without one gets a name column first); only sortable fields
 * sort, on the server.
 */
export function recordColumns({ meta, columns, lookups, sortOrderOf, linkOf, nameTitle }: Options): TableColumnsType<CrmRecord> {
  const nameLink = (record: CrmRecord, text: React.ReactNode) => {
    const href = linkOf(record.id);
    return href ? <Link to={href}>{text}</Link> : text;
  };
  const byName = new Map(meta.fields.map((f) => [f.name, f]));
  const firstNameColumn = columns.find((c) => meta.nameFields.includes(c));
  /** A name part links to the record; a record without any name links by its id in the first name column. */
  const nameCell = (record: CrmRecord, name: string) => {
    const value = record[name];
    if (typeof value === 'string' && value) return nameLink(record, value);
    return name === firstNameColumn && !meta.nameFields.some((n) => record[n]) ? nameLink(record, `#${record.id}`) : null;
  };
  const fieldColumns: TableColumnsType<CrmRecord> = columns.flatMap((name) => {
    const field = byName.get(name);
    if (!field) return [];
    const isName = meta.nameFields.includes(name);
    return [
      {
        key: name,
        dataIndex: name,
        title: field.label,
        align: fieldTypeView(field.type).align,
        sorter: field.sortable,
        sortOrder: field.sortable ? sortOrderOf(name) : undefined,
        ellipsis: true,
        render: (_: unknown, record: CrmRecord) =>
          isName ? nameCell(record, name) : <FieldDisplay field={field} value={record[name]} lookups={lookups} />,
      },
    ];
  });
  if (firstNameColumn) return fieldColumns;
  return [{ key: '__name', title: nameTitle, render: (_, record) => nameLink(record, recordName(meta, record)) }, ...fieldColumns];
}
