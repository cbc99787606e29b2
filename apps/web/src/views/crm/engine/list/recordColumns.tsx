import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CrmRecord, LookupLabels, ModuleMeta } from '@orbit/shared/contract/crm';
import { FieldDisplay } from '../fieldTypes/FieldDisplay';
import { fieldTypeView } from '../fieldTypes/registry';
import { recordName } from '../moduleMeta';
import { currencyOfRecord } from '../../../../utils/formatCurrency';

/** A column's narrowest width when its type names none (fieldTypeView's `columnWidth`). */
const DEFAULT_COLUMN_WIDTH = 100;
/** The narrowest the column of a record's name is (the first name field shown, or the name column). */
const NAME_COLUMN_WIDTH = 140;

/**
 * About how wide a header draws (14 px text: a Chinese character ~14 px, other characters ~7.5),
 * with the cell's padding and, when it sorts, the sorter's arrows: a column is never narrower, so
 * "Lead Source" is not cut to "Lead Sour…".
 */
function headerWidth(label: string, sortable: boolean): number {
  const text = [...label].reduce((sum, ch) => sum + (/[\u2e80-\u9fff\uff00-\uffef]/.test(ch) ? 14 : 7.5), 0);
  return Math.ceil(text + 16 + (sortable ? 24 : 0));
}

/** The width the columns ask for together: a table at least this wide shows them all without cutting any short. */
export const columnsWidth = (columns: TableColumnsType<CrmRecord>) => columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : DEFAULT_COLUMN_WIDTH), 0);

type Options = {
  meta: ModuleMeta;
  columns: string[];
  lookups: LookupLabels | undefined;
  sortOrderOf: (column: string) => 'ascend' | 'descend' | null;
  /** The detail page of a record, or null when the user may not open it. */
  linkOf: (id: number) => string | null;
  nameTitle: string;
  /** A cell as the list draws it around its value (a list whose cells are edited in place). */
  cell?: (record: CrmRecord, name: string, shown: ReactNode) => ReactNode;
};

/**
 * Table columns of a list: one per chosen field, each cell drawn by its type; name fields link to
 * the record's detail page (a list without one gets a name column first); only sortable fields
 * sort, on the server. Each column is as narrow as its type allows (`columnWidth`): the table
 * shares its width among them at those proportions and scrolls only when they cannot all fit.
 */
export function recordColumns({ meta, columns, lookups, sortOrderOf, linkOf, nameTitle, cell = (_record, _name, shown) => shown }: Options): TableColumnsType<CrmRecord> {
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
        // The record's name (its first name column) reads before the rest: it gets a wider share.
        width: Math.max(name === firstNameColumn ? NAME_COLUMN_WIDTH : (fieldTypeView(field.type).columnWidth ?? DEFAULT_COLUMN_WIDTH), headerWidth(field.label, field.sortable)),
        sorter: field.sortable,
        sortOrder: field.sortable ? sortOrderOf(name) : undefined,
        ellipsis: true,
        render: (_: unknown, record: CrmRecord) =>
          isName ? nameCell(record, name) : cell(record, name, <FieldDisplay field={field} value={record[name]} lookups={lookups} currency={currencyOfRecord(record)} />),
      },
    ];
  });
  if (firstNameColumn) return fieldColumns;
  return [{ key: '__name', title: nameTitle, width: NAME_COLUMN_WIDTH, ellipsis: true, render: (_, record) => nameLink(record, recordName(meta, record)) }, ...fieldColumns];
}
