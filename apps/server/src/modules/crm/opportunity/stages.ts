import { and, asc, eq } from 'drizzle-orm';
import { OPPORTUNITY_STAGE_DICT, type Language } from '@orbit/shared/constants';
import { stageProbability } from '@orbit/shared/crm/opportunityStages';
import type { Executor } from '../../../db/client';
import { sysDictData } from '../../../db/schema/dict';

export type Stage = { value: string; label: string; probability: number | null };

/** The active stages in dictionary order, with their labels in `lang` and win probabilities (`extra.probability`). */
export async function loadStages(db: Executor, lang: Language): Promise<Stage[]> {
  const rows = await db
    .select({ value: sysDictData.dictValue, label: sysDictData.dictLabel, extra: sysDictData.extra })
    .from(sysDictData)
    .where(and(eq(sysDictData.dictType, OPPORTUNITY_STAGE_DICT), eq(sysDictData.status, '0')))
    .orderBy(asc(sysDictData.dictSort), asc(sysDictData.dictCode));
  return rows.map((r) => ({
    value: r.value,
    label: lang === 'zh' && typeof r.extra?.labelZh === 'string' && r.extra.labelZh ? r.extra.labelZh : r.label,
    probability: stageProbability(r),
  }));
}
