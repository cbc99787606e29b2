import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Language } from '@orbit/shared/constants';
import { DUPLICATE_MATCH_TYPES, FUZZY_DEFAULT_THRESHOLD, type DuplicateAction, type DuplicateRule, type DuplicateRuleBody } from '@orbit/shared/contract/duplicates';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { Executor } from '../../../../db/client';
import { crmDuplicateRule } from '../../../../db/schema/crmDuplicates';
import { badRequest, notFound } from '../../../../lib/errors';
import type { ModuleDef } from '../metadata/moduleDef';
import type { ModuleSeed } from '../moduleSeed';
import { labelOf } from '../query/filterCompiler';

type RuleRow = typeof crmDuplicateRule.$inferSelect;

/** A rule as the engine and the API see it: the built-in's name in the caller's language. */
export function toRule(row: RuleRow, lang: Language): DuplicateRule {
  return {
    id: row.id,
    module: row.module as CrmModule,
    name: lang === 'zh' && row.nameZh ? row.nameZh : row.name,
    conditions: row.conditions,
    action: row.action as DuplicateAction,
    threshold: row.threshold,
    active: row.active,
    builtIn: row.builtInKey !== null,
  };
}

/**
 * A module's duplicate rules (crm_duplicate_rule), in their order; `active` only those applied.
 * Read at every write that checks duplicates: a handful of rows by module, no cache to go stale.
 */
export async function rulesOf(db: Executor, module: CrmModule, lang: Language, activeOnly = false): Promise<DuplicateRule[]> {
  const where = activeOnly ? and(eq(crmDuplicateRule.module, module), eq(crmDuplicateRule.active, true)) : eq(crmDuplicateRule.module, module);
  const rows = await db.select().from(crmDuplicateRule).where(where).orderBy(asc(crmDuplicateRule.sortOrder), asc(crmDuplicateRule.id));
  return rows.map((r) => toRule(r, lang));
}

/** Refuses a condition on a field the module lacks, or one its kind of match cannot compare. */
function checkConditions(def: ModuleDef, body: DuplicateRuleBody, lang: Language): void {
  for (const condition of body.conditions) {
    const field = def.byName.get(condition.field);
    if (!field || !field.active) throw badRequest('record.unknownField', { name: condition.field });
    if (!DUPLICATE_MATCH_TYPES[condition.match].includes(field.type)) throw badRequest('duplicate.ruleFieldInvalid', { field: labelOf(field, lang), match: condition.match });
  }
}

/** Set-up's writes of a module's rules; built-in rules can be changed and switched off, not deleted. */
export function duplicateRulesRepository(db: Executor, def: ModuleDef, lang: Language) {
  const byId = async (id: number) => {
    const [row] = await db.select().from(crmDuplicateRule).where(and(eq(crmDuplicateRule.id, id), eq(crmDuplicateRule.module, def.module)));
    if (!row) throw notFound('duplicate.ruleNotFound');
    return row;
  };
  return {
    async create(body: DuplicateRuleBody): Promise<number> {
      checkConditions(def, body, lang);
      const [row] = await db.insert(crmDuplicateRule).values({ module: def.module, ...body, sortOrder: 100 }).returning({ id: crmDuplicateRule.id });
      return row!.id;
    },
    async update(id: number, body: DuplicateRuleBody): Promise<void> {
      checkConditions(def, body, lang);
      const row = await byId(id);
      // A built-in rule renamed keeps one name in every language: the one given.
      await db.update(crmDuplicateRule).set({ ...body, nameZh: row.builtInKey && body.name !== row.name ? null : row.nameZh, updateTime: new Date() }).where(eq(crmDuplicateRule.id, id));
    },
    async remove(id: number): Promise<void> {
      const row = await byId(id);
      if (row.builtInKey) throw badRequest('duplicate.ruleBuiltIn');
      await db.delete(crmDuplicateRule).where(and(eq(crmDuplicateRule.id, id), isNull(crmDuplicateRule.builtInKey)));
    },
  };
}

/** Adds the module's built-in rules that are missing (start-up); answers how many. */
export async function reconcileDuplicateRules(db: Executor, seed: ModuleSeed): Promise<number> {
  if (!seed.duplicateRules?.length) return 0;
  const present = new Set((await db.select({ key: crmDuplicateRule.builtInKey }).from(crmDuplicateRule).where(eq(crmDuplicateRule.module, seed.module))).map((r) => r.key));
  const missing = seed.duplicateRules
    .filter((r) => !present.has(r.key))
    .map((r, i) => ({
      module: seed.module,
      name: r.en,
      nameZh: r.zh,
      builtInKey: r.key,
      conditions: r.conditions,
      action: r.action ?? 'warn',
      threshold: r.threshold ?? FUZZY_DEFAULT_THRESHOLD,
      sortOrder: i + 1,
    }));
  if (missing.length) await db.insert(crmDuplicateRule).values(missing);
  return missing.length;
}
