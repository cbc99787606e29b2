import { and, eq, max, sql } from 'drizzle-orm';
import type { Language } from '@orbit/shared/constants';
import { CUSTOM_FIELD_LIMIT, type FieldUsage, type createFieldBody, type updateFieldBody } from '@orbit/shared/contract/setup';
import { LENGTH_TYPES, NUMERIC_TYPES, OPERATORS_BY_TYPE, SORTABLE_TYPES, TEXT_TYPES, type FieldType } from '@orbit/shared/crm/fieldTypes';
import { checkFieldValue, type FieldValue } from '@orbit/shared/crm/fieldValue';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { translate } from '@orbit/shared/messages';
import type { z } from 'zod';
import type { Db, Executor } from '../../../db/client';
import { crmField, crmLayout, crmListView } from '../../../db/schema/crm';
import { sysDictData, sysDictType } from '../../../db/schema/dict';
import { badRequest, fieldError, notFound } from '../../../lib/errors';
import { addCustomColumn, addGeneratedColumn, createCustomIndexes, customColumnName, dropCustomColumn, dropCustomIndexes, lockModuleSetup, quoteIdent, retypeCustomColumn } from '../engine/ddl/customColumns';
import { isReservedFieldName } from '../engine/ddl/reservedNames';
import { assertValuesConvert, typeChangePlan } from '../engine/ddl/typeChange';
import { metadataOf, toFieldDef } from '../engine/metadata/metadataStore';
import { assertNotInFormula, checkFormulaForSave, formulaStorage } from '../engine/formula/formulaSetup';
import { dropRollup, installRollup } from '../engine/rollup/rollupSql';
import type { RollupDef } from '@orbit/shared/crm/rollup';
import { compileFilter } from '../engine/query/filterCompiler';
import type { FieldDef } from '../engine/metadata/fieldDef';
import { layoutLabel } from '../engine/metadata/layoutNames';
import { bumpMetaVersion } from '../engine/metadata/metaVersion';
import { moduleSeedOf } from '../engine/crmModules';
import { labelOf } from '../engine/query/filterCompiler';
import { rowsOf } from '../engine/query/sql';
import { filterNames, pruneLayoutReferences, pruneViewReferences } from '../engine/views/fieldReferences';

const DECIMAL_TYPES: ReadonlySet<FieldType> = new Set(['number', 'percent']);
const DICT_TYPES: ReadonlySet<FieldType> = new Set(['picklist', 'multipicklist']);

const typeLabel = (lang: Language, type: FieldType) => translate(lang, `setup.type.${type}` as never);

/** The field row of the module by name (active), or 404. */
async function activeField(tx: Executor, module: CrmModule, name: string): Promise<FieldDef> {
  const [row] = await tx.select().from(crmField).where(and(eq(crmField.module, module), eq(crmField.name, name), eq(crmField.active, true)));
  if (!row) throw notFound('setup.fieldNotFound');
  return toFieldDef(row);
}

/** Values of a dictionary that are enabled, or undefined when the dictionary does not exist. */
async function dictionaryValues(tx: Executor, dictType: string): Promise<Set<string> | undefined> {
  const [type] = await tx.select({ id: sysDictType.dictId }).from(sysDictType).where(eq(sysDictType.dictType, dictType));
  if (!type) return undefined;
  const rows = await tx.select({ value: sysDictData.dictValue }).from(sysDictData).where(and(eq(sysDictData.dictType, dictType), eq(sysDictData.status, '0')));
  return new Set(rows.map((r) => r.value));
}

/** A default value checked like a stored one (and, for a picklist, against its dictionary). */
async function checkDefault(tx: Executor, field: Pick<FieldDef, 'type' | 'maxLength' | 'decimals' | 'dictType'>, raw: unknown, lang: Language): Promise<FieldValue> {
  if (raw === undefined || raw === null || raw === '' || (Array.isArray(raw) && !raw.length)) return null;
  if (field.type === 'lookup') throw fieldError('defaultValue', 'setup.defaultInvalid', { reason: translate(lang, 'validation.invalidValue', { field: '' }) });
  const checked = checkFieldValue({ type: field.type, required: false, maxLength: field.maxLength, decimals: field.decimals }, raw);
  if (!checked.ok) throw fieldError('defaultValue', 'setup.defaultInvalid', { reason: translate(lang, checked.key, { field: '', ...checked.params }) });
  if (field.dictType && checked.value !== null) {
    const allowed = (await dictionaryValues(tx, field.dictType)) ?? new Set();
    const chosen = Array.isArray(checked.value) ? checked.value : [String(checked.value)];
    if (chosen.some((v) => !allowed.has(v))) throw fieldError('defaultValue', 'setup.defaultInvalid', { reason: translate(lang, 'validation.invalidValue', { field: '' }) });
  }
  if (field.type === 'checkbox' && checked.value === false) return null;
  return checked.value;
}

/** Whether the table has the column (a formula computed in the SELECT has none). */
async function columnExists(tx: Executor, table: string, column: string): Promise<boolean> {
  const rows = await rowsOf(tx, sql`select 1 from information_schema.columns where table_name = ${table} and column_name = ${column}`);
  return rows.length > 0;
}

/** SQL that is true where a record holds a value of the field (a checkbox: ticked; a multi-picklist: any value). */
function hasValue(field: FieldDef): string {
  const c = quoteIdent(field.column);
  if (field.type === 'multipicklist') return `cardinality(${c}) > 0`;
  if (field.type === 'checkbox') return `${c} = true`;
  return `${c} is not null`;
}

/**
 * Custom fields of a module (docs/setup.md): created, edited and deleted by administrators, each
 * change one transaction — metadata row, the column's DDL, references, the metadata version —
 * under the module's advisory lock, so every process sees it on its next request.
 */
export function createSetupFields(db: Db, module: CrmModule) {
  const seed = moduleSeedOf(module);
  const meta = metadataOf(db);

  /** Where a new field goes in the field order. */
  async function nextOrder(tx: Executor): Promise<number> {
    const [{ order }] = (await tx.select({ order: max(crmField.sortOrder) }).from(crmField).where(eq(crmField.module, module))) as [{ order: number | null }];
    return (order ?? 0) + 1;
  }

  /** A custom field's metadata row, last in the module's order: what every kind of field shares, then `own` (its type and what the kind adds). */
  async function insertField(
    tx: Executor,
    body: z.output<typeof createFieldBody>,
    name: string,
    column: string,
    own: Omit<typeof crmField.$inferInsert, 'module' | 'name' | 'columnName' | 'labelEn' | 'labelZh'> & { type: FieldType },
  ): Promise<number> {
    const [row] = await tx
      .insert(crmField)
      .values({
        module,
        name,
        columnName: column,
        labelEn: body.labelEn,
        labelZh: body.labelZh,
        helpEn: body.helpEn,
        helpZh: body.helpZh,
        isStandard: false,
        sortable: body.filterable && SORTABLE_TYPES.has(own.type),
        filterable: body.filterable,
        sortOrder: await nextOrder(tx),
        ...own,
      })
      .returning({ id: crmField.id });
    return row!.id;
  }

  /**
   * A formula field (engine/formula): checked against the current metadata, its type that of its
   * result, read-only; a STORED generated column when it reads only the record's own columns and
   * no TODAY(), else no column at all (computed in each list's SELECT: docs/decisions.md).
   */
  async function createFormulaField(tx: Executor, body: z.output<typeof createFieldBody>, name: string, column: string, lang: Language): Promise<number> {
    const formula = checkFormulaForSave(meta, module, body.formula!, name, lang);
    const storage = formulaStorage(meta, module, formula, body.decimals);
    const id = await insertField(tx, body, name, column, { required: false, readOnly: true, type: storage.type, decimals: storage.decimals, formula: body.formula!, searchable: false });
    if (storage.generated) await addGeneratedColumn(tx, seed.table, column, { id, type: storage.type, decimals: storage.decimals, filterable: body.filterable }, storage.generated);
    await placeInLayouts(tx, name, body.layoutIds);
    await bumpMetaVersion(tx);
    return id;
  }

  /**
   * A roll-up summary field (engine/rollup): count, sum, min or max of a related list's records
   * (the child module's lookup `via` pointing at this module), optionally filtered; a real column
   * kept by a trigger on the child's table, computed for every record when created.
   */
  async function createRollupField(tx: Executor, body: z.output<typeof createFieldBody>, name: string, column: string, lang: Language): Promise<number> {
    const rollup: RollupDef = { child: body.rollup!.child, via: body.rollup!.via, fn: body.rollup!.fn, field: body.rollup!.field ?? null, filter: body.rollup!.filter ?? null };
    const child = meta.module(rollup.child);
    const via = child.byName.get(rollup.via);
    if (!via || via.type !== 'lookup' || via.lookupModule !== module) throw fieldError('rollup', 'rollup.unknownChild');
    let type: FieldType = 'number';
    let decimals: number | null = 0;
    if (rollup.fn !== 'count') {
      const summed = rollup.field ? child.byName.get(rollup.field) : undefined;
      const ok = summed && !summed.formula && !summed.rollup && (NUMERIC_TYPES.has(summed.type) || (rollup.fn !== 'sum' && summed.type === 'date'));
      if (!ok) throw fieldError('rollup', 'rollup.fieldNotNumeric');
      type = summed.type === 'percent' ? 'number' : summed.type;
      decimals = summed.type === 'date' || summed.type === 'currency' ? null : (summed.decimals ?? 0);
    } else rollup.field = null;
    // Checked like a list filter of the child (unknown fields, operators and values refused in the caller's language).
    if (rollup.filter) compileFilter(rollup.filter, child, lang);
    const id = await insertField(tx, body, name, column, { readOnly: true, type, decimals, rollup });
    await addCustomColumn(tx, seed.table, column, { id, type, decimals, filterable: body.filterable });
    await installRollup(tx, meta.module(module), { id, column }, rollup, child);
    await placeInLayouts(tx, name, body.layoutIds);
    await bumpMetaVersion(tx);
    return id;
  }

  /** Places a new field at the end of the first section of each chosen layout. */
  async function placeInLayouts(tx: Executor, name: string, layoutIds: number[]): Promise<void> {
    for (const layoutId of new Set(layoutIds)) {
      const [layout] = await tx.select().from(crmLayout).where(and(eq(crmLayout.id, layoutId), eq(crmLayout.module, module)));
      if (!layout) throw fieldError('layoutIds', 'setup.layoutNotFound');
      if (layout.isTemplate) throw fieldError('layoutIds', 'setup.fixedTemplate');
      const sections = layout.sections.map((s, i) => (i === 0 ? { ...s, fields: [...s.fields, { field: name }] } : s));
      await tx.update(crmLayout).set({ sections, updateTime: new Date() }).where(eq(crmLayout.id, layout.id));
    }
  }

  /** A new formula of a formula field: checked, its column (or none) built again, filters of an operator the new type lacks dropped. */
  async function updateFormula(tx: Executor, field: FieldDef, text: string, decimals: number | null | undefined, lang: Language): Promise<Partial<typeof crmField.$inferInsert>> {
    const formula = checkFormulaForSave(meta, module, text, field.name, lang);
    const storage = formulaStorage(meta, module, formula, decimals === undefined ? field.decimals : decimals);
    await dropCustomIndexes(tx, seed.table, field);
    await dropCustomColumn(tx, seed.table, field.column);
    if (storage.generated) await addGeneratedColumn(tx, seed.table, field.column, { id: field.id, type: storage.type, decimals: storage.decimals, filterable: field.filterable }, storage.generated);
    if (storage.type !== field.type) await pruneViewReferences(tx, module, field.name, (c) => c.field === field.name && !OPERATORS_BY_TYPE[storage.type].includes(c.op), false);
    return { formula: text, type: storage.type, decimals: storage.decimals, sortable: field.filterable && SORTABLE_TYPES.has(storage.type) };
  }

  return {
    async create(body: z.output<typeof createFieldBody>, lang: Language): Promise<number> {
      // The metadata formulas are checked with, read before the transaction (PGlite has one connection).
      await meta.fresh();
      return db.transaction(async (tx) => {
        await lockModuleSetup(tx, module);
        const name = body.name;
        if (isReservedFieldName(name)) throw fieldError('name', 'setup.fieldNameReserved', { name });
        const column = customColumnName(name);
        // Case-insensitively unique, inactive (deleted) fields included: a name is never reused.
        const taken = await tx
          .select({ id: crmField.id })
          .from(crmField)
          .where(and(eq(crmField.module, module), sql`(lower(${crmField.name}) = lower(${name}) or ${crmField.columnName} = ${column})`));
        if (taken.length) throw fieldError('name', 'setup.fieldNameTaken', { name });
        const [{ count }] = (await rowsOf<{ count: unknown }>(tx, sql`select count(*) as count from crm_field where module = ${module} and is_standard = false`)) as [{ count: unknown }];
        if (Number(count) >= CUSTOM_FIELD_LIMIT) throw badRequest('setup.fieldLimit', { max: CUSTOM_FIELD_LIMIT });

        let dictType: string | null = null;
        if (DICT_TYPES.has(body.type)) {
          if (body.newDictionary) {
            const nd = body.newDictionary;
            if (await dictionaryValues(tx, nd.dictType)) throw fieldError('newDictionary', 'setup.dictionaryTaken', { value: nd.dictType });
            await tx.insert(sysDictType).values({ dictName: nd.name, dictType: nd.dictType, remark: `${seed.module}.${name}` });
            await tx.insert(sysDictData).values(
              nd.values.map((v, i) => ({ dictType: nd.dictType, dictValue: v.value, dictLabel: v.labelEn, dictSort: i + 1, ...(v.labelZh ? { extra: { labelZh: v.labelZh } } : {}) })),
            );
            dictType = nd.dictType;
          } else if (body.dictType && (await dictionaryValues(tx, body.dictType))) dictType = body.dictType;
          else throw fieldError('dictType', 'setup.dictionaryMissing');
        }
        if (body.type === 'lookup' && !body.lookupModule) throw fieldError('lookupModule', 'setup.lookupMissing');
        if (body.formula != null) return createFormulaField(tx, body, name, column, lang);
        if (body.rollup != null) return createRollupField(tx, body, name, column, lang);

        const draft = {
          type: body.type,
          maxLength: LENGTH_TYPES.has(body.type) ? (body.maxLength ?? null) : null,
          decimals: DECIMAL_TYPES.has(body.type) ? (body.decimals ?? null) : null,
          dictType,
        };
        const defaultValue = await checkDefault(tx, draft, body.defaultValue, lang);
        const id = await insertField(tx, body, name, column, {
          required: body.required,
          ...draft,
          lookupModule: body.type === 'lookup' ? body.lookupModule! : null,
          searchable: body.searchable && TEXT_TYPES.has(body.type),
          defaultValue,
        });
        await addCustomColumn(tx, seed.table, column, { id, type: body.type, decimals: draft.decimals, filterable: body.filterable });
        await placeInLayouts(tx, name, body.layoutIds);
        await bumpMetaVersion(tx);
        return id;
      });
    },

    async update(name: string, body: z.output<typeof updateFieldBody>, lang: Language): Promise<void> {
      await meta.fresh();
      await db.transaction(async (tx) => {
        await lockModuleSetup(tx, module);
        const field = await activeField(tx, module, name);
        const label = labelOf(field, lang);
        const custom = !field.standard;
        const fixed = field.system || field.readOnly;
        const set: Partial<typeof crmField.$inferInsert> = { labelEn: body.labelEn, labelZh: body.labelZh, helpEn: body.helpEn, helpZh: body.helpZh, updateTime: new Date() };
        if (field.formula) {
          // A formula field: labels, help, filterable and its formula; its type follows the formula.
          if (body.type !== undefined && body.type !== field.type) throw badRequest('setup.typeChangeNotAllowed', { from: typeLabel(lang, field.type), to: typeLabel(lang, body.type) });
          if (body.formula != null && (body.formula !== field.formula || (body.decimals !== undefined && body.decimals !== field.decimals))) {
            Object.assign(set, await updateFormula(tx, field, body.formula, body.decimals, lang));
          }
          if (body.filterable !== undefined && body.filterable !== field.filterable) {
            set.filterable = body.filterable;
            set.sortable = body.filterable && SORTABLE_TYPES.has((set.type as FieldType | undefined) ?? field.type);
            if (!body.filterable) await pruneViewReferences(tx, module, field.name, (c) => c.field === field.name, false);
          }
          await dropCustomIndexes(tx, seed.table, field);
          if (await columnExists(tx, seed.table, field.column)) {
            const type = (set.type as FieldType | undefined) ?? field.type;
            await createCustomIndexes(tx, seed.table, field.column, { id: field.id, type, decimals: set.decimals ?? field.decimals, filterable: set.filterable ?? field.filterable });
          }
          await tx.update(crmField).set(set).where(eq(crmField.id, field.id));
          await bumpMetaVersion(tx);
          return;
        }
        if (body.formula != null) throw fieldError('formula', 'formula.notFormula');

        const wantsType = body.type !== undefined && body.type !== field.type;
        if (wantsType) {
          assertNotInFormula(meta, module, field.name, lang);
        }
        const wantsDecimals = custom && body.decimals !== undefined && (body.decimals ?? null) !== field.decimals && DECIMAL_TYPES.has(body.type ?? field.type);
        const wantsLength = custom && body.maxLength !== undefined && (body.maxLength ?? null) !== field.maxLength && LENGTH_TYPES.has(body.type ?? field.type);
        if (!custom && (wantsType || (body.filterable !== undefined && body.filterable !== field.filterable) || (body.searchable !== undefined && body.searchable !== field.searchable))) {
          throw badRequest('setup.fieldStandard');
        }
        const emptyDefault = body.defaultValue === undefined || body.defaultValue === null || body.defaultValue === '';
        if (fixed && ((body.required !== undefined && body.required !== field.required) || !emptyDefault)) throw badRequest('setup.fieldSystem');

        const next = {
          type: body.type ?? field.type,
          decimals: DECIMAL_TYPES.has(body.type ?? field.type) ? (wantsDecimals ? (body.decimals ?? null) : field.decimals) : null,
          maxLength: LENGTH_TYPES.has(body.type ?? field.type) ? (wantsLength ? (body.maxLength ?? null) : field.maxLength) : null,
          dictType: DICT_TYPES.has(body.type ?? field.type) ? (body.dictType ?? field.dictType) : null,
        };

        if (wantsType || wantsDecimals || wantsLength) {
          const plan = typeChangePlan(field.type, next.type);
          if (!plan || (DICT_TYPES.has(next.type) && next.type !== field.type && next.type === 'multipicklist')) {
            throw badRequest('setup.typeChangeNotAllowed', { from: typeLabel(lang, field.type), to: typeLabel(lang, next.type) });
          }
          let dictionary: Set<string> | undefined;
          if (next.type === 'picklist') {
            dictionary = next.dictType ? await dictionaryValues(tx, next.dictType) : undefined;
            if (!dictionary) throw fieldError('dictType', 'setup.dictionaryMissing');
          }
          await assertValuesConvert(tx, seed.table, field, next, label, typeLabel(lang, next.type), dictionary);
          const retype = plan.retype || (wantsDecimals && field.type === next.type);
          if (retype) {
            await dropCustomIndexes(tx, seed.table, field);
            await retypeCustomColumn(tx, seed.table, field.column, next);
          }
          Object.assign(set, next, { sortable: (body.filterable ?? field.filterable) && SORTABLE_TYPES.has(next.type) });
          if (next.type !== field.type) {
            // Saved filters on the field with an operator the new type lacks would fail: they go.
            await pruneViewReferences(tx, module, field.name, (c) => c.field === field.name && !OPERATORS_BY_TYPE[next.type].includes(c.op), false);
          }
          if (!TEXT_TYPES.has(next.type)) set.searchable = false;
        } else if (DICT_TYPES.has(field.type) && body.dictType && body.dictType !== field.dictType) {
          // Another dictionary: every stored value must be one of its values.
          const dictionary = await dictionaryValues(tx, body.dictType);
          if (!dictionary) throw fieldError('dictType', 'setup.dictionaryMissing');
          if (field.type === 'picklist') await assertValuesConvert(tx, seed.table, field, field, label, typeLabel(lang, field.type), dictionary);
          set.dictType = body.dictType;
        }

        if (custom && body.filterable !== undefined) {
          set.filterable = body.filterable;
          set.sortable = body.filterable && SORTABLE_TYPES.has(next.type);
          if (!body.filterable) await pruneViewReferences(tx, module, field.name, (c) => c.field === field.name, false);
        }
        if (custom && body.searchable !== undefined) set.searchable = body.searchable && TEXT_TYPES.has(next.type);
        if (custom && (wantsType || wantsDecimals || body.filterable !== undefined)) {
          await dropCustomIndexes(tx, seed.table, field);
          await createCustomIndexes(tx, seed.table, field.column, { id: field.id, type: next.type, decimals: next.decimals, filterable: set.filterable ?? field.filterable });
        }
        if (!fixed && body.required !== undefined) set.required = body.required;
        if (!fixed && body.defaultValue !== undefined) set.defaultValue = await checkDefault(tx, { ...field, ...next }, body.defaultValue, lang);

        await tx.update(crmField).set(set).where(eq(crmField.id, field.id));
        await bumpMetaVersion(tx);
      });
    },

    /** How many present records hold a value, and which views and layouts name the field: the delete confirmation. */
    async usage(name: string, lang: Language): Promise<FieldUsage> {
      const field = await activeField(db, module, name);
      await meta.fresh();
      const computed = meta.module(module).byName.get(name)?.expression;
      const [row] = computed
        ? await rowsOf<{ n: unknown }>(db, sql`select count(*) as n from ${sql.identifier(seed.table)} where deleted_at is null and ${computed} is not null`)
        : await rowsOf<{ n: unknown }>(db, sql.raw(`select count(*) as n from ${quoteIdent(seed.table)} where deleted_at is null and ${hasValue(field)}`));
      const views = await db.select().from(crmListView).where(eq(crmListView.module, module));
      const layouts = await db.select().from(crmLayout).where(eq(crmLayout.module, module));
      return {
        records: Number(row?.n ?? 0),
        views: views.filter((v) => v.columns.includes(name) || v.sortField === name || filterNames(v.filter ?? null, name)).length,
        layouts: layouts.filter((l) => l.sections.some((s) => s.fields.some((f) => f.field === name))).map((l) => layoutLabel(module, l.name, lang)),
      };
    },

    /**
     * Deletes a custom field: its column (and data) is dropped, its metadata row stays inactive so
     * the name and column are never reused, layouts lose it, list views lose its column, sort and
     * conditions (views/fieldReferences.ts). Field history keeps its rows.
     */
    async remove(name: string, lang: Language = 'en'): Promise<void> {
      await meta.fresh();
      await db.transaction(async (tx) => {
        await lockModuleSetup(tx, module);
        const field = await activeField(tx, module, name);
        if (field.standard) throw badRequest('setup.fieldStandard');
        assertNotInFormula(meta, module, field.name, lang);
        await tx.update(crmField).set({ active: false, updateTime: new Date() }).where(eq(crmField.id, field.id));
        if (field.rollup) await dropRollup(tx, field, meta.module(field.rollup.child), meta.module(module));
        await dropCustomColumn(tx, seed.table, field.column);
        await pruneLayoutReferences(tx, module, name);
        await pruneViewReferences(tx, module, name);
        await bumpMetaVersion(tx);
      });
    },
  };
}

