import type { CalendarSourceInfo } from '@orbit/shared/contract/calendar';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import { lazyWhenOpen } from '../../../../components/lazyWhenOpen';
import { recordViewsOf } from '../../engine/moduleRecordViews';
import { useModuleMeta } from '../../engine/useModuleMeta';

const RecordForm = lazyWhenOpen(() => import('../../engine/form/RecordForm'), (p) => p.target !== null);

type Props = { source: CalendarSourceInfo; values: Record<string, FieldValue>; onClose: () => void; onSaved: () => void };

/**
 * The form a selected slot opens for a source, once its module's metadata is in: the module's own
 * form when it declares one for the source (a meeting: the composer's meeting form), else the
 * engine's record form of the default record type — either with the slot's values filled in.
 * Rendered per module (keyed by the page), so one module's metadata never draws another's form.
 */
export default function CalendarAddForm({ source, values, onClose, onSaved }: Props) {
  const { data: meta } = useModuleMeta(source.module);
  if (!meta || meta.module !== source.module) return null;
  const Own = recordViewsOf(source.module)?.calendarAdd?.[source.source]?.Form;
  if (Own) return <Own meta={meta} values={values} onClose={onClose} onSaved={onSaved} />;
  const recordTypeId = meta.recordTypes.find((r) => r.isDefault)?.id ?? meta.recordTypes[0]?.id ?? null;
  return <RecordForm module={source.module} meta={meta} target={{ mode: 'create', recordTypeId, values }} onClose={onClose} onSaved={onSaved} />;
}
