import { and, asc, eq } from 'drizzle-orm';
import type { BoardCardsQuery, BoardData, BoardQuery } from '@orbit/shared/contract/board';
import type { CrmRecord, LookupLabels } from '@orbit/shared/contract/crm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { Db } from '../../../../db/client';
import { sysDictData } from '../../../../db/schema/dict';
import type { FieldDef } from '../metadata/fieldDef';
import type { ModuleDef } from '../metadata/moduleDef';
import { listConditions } from '../records/listShape';
import { lookupLabels } from '../records/lookupLabels';
import { changeScopeOf, fieldNamed, moduleRecordsOf, seenBy, type Caller } from '../records/moduleRecords';
import { boardFieldOf, boardSums, type BoardSum } from './boardField';
import { boardTotals, type BoardTotal } from './boardTotals';
import { columnPage, firstCards } from './boardCards';
import { moduleMoney } from '../../money/moduleMoney';
import { withRecordCurrency } from '../../money/recordCurrency';

/** The active values of a picklist's dictionary, in the dictionary's order. */
async function dictionaryValues(db: Db, dictType: string | null): Promise<string[]> {
  if (!dictType) return [];
  const rows = await db
    .select({ value: sysDictData.dictValue })
    .from(sysDictData)
    .where(and(eq(sysDictData.dictType, dictType), eq(sysDictData.status, '0')))
    .orderBy(asc(sysDictData.dictSort), asc(sysDictData.dictCode));
  return rows.map((r) => r.value);
}

/**
 * The columns: every active value of the dictionary in its order (empty ones too: a card may be
 * dropped there), then values records still hold that the dictionary no longer offers, then the
 * records without a value — so that the columns' counts add up to the list's total.
 */
function columnValues(dictionary: string[], totals: BoardTotal[]): Array<string | null> {
  const offered = new Set(dictionary);
  const held = totals.filter((t) => t.count > 0);
  const others = held.flatMap((t) => (t.value !== null && !offered.has(t.value) ? [t.value] : [])).sort();
  return [...dictionary, ...others, ...(held.some((t) => t.value === null) ? [null] : [])];
}

/**
 * What a card carries: the record's name, the fields asked for (the list's columns; else the view's;
 * else the module's key fields), and what the board itself needs of it — the grouped field, the
 * sums' fields (the web moves a card's amounts with it at once) and the field its cards are ordered by.
 */
function cardFields(def: ModuleDef, field: FieldDef, sums: BoardSum[], asked: string | undefined, viewColumns: string[] | undefined): FieldDef[] {
  const shown = asked ? asked.split(',') : (viewColumns ?? def.keyFields).filter((n) => def.byName.has(n));
  const own = [field.name, ...sums.flatMap((s) => [s.field.name, ...(s.weightBy ? [s.weightBy.name] : [])]), ...(def.board.cardOrder ? [def.board.cardOrder.field] : [])];
  return withRecordCurrency(def, [...new Set([...def.nameFields, ...shown, ...own.filter((n) => def.byName.has(n))])]).map((n) => fieldNamed(def, n));
}

const zeroSums = (sums: BoardSum[]) => Object.fromEntries(sums.map((s) => [s.key, (0).toFixed(s.field.decimals ?? (s.field.type === 'currency' ? 2 : 0))]));

/**
 * A module's board (docs/records-engine.md, "Boards"): its records in one column per value of a
 * picklist, under exactly the list's conditions (listConditions: data scope, view, filter tree,
 * quick search, owner scope), each column with its count and sums over all of them and its first cards.
 */
export function createRecordBoard(db: Db, module: CrmModule) {
  const m = moduleRecordsOf(db, module);

  /** The board's field, sums, card fields and conditions for a request (the first answer and a column's further pages alike). */
  async function shape(caller: Caller, query: BoardQuery | BoardCardsQuery) {
    // The board as the caller may see it (field-level security): a hidden field is neither a column nor a sum.
    const seen = seenBy(m, caller);
    const def = seen.def();
    const field = boardFieldOf(def, query.field);
    const sums = boardSums(def);
    const conditions = await listConditions(seen, caller, query);
    const fields = cardFields(def, field, sums, query.fields, conditions.view?.columns);
    const write = changeScopeOf(m, caller.user, 'probe');
    return { def, field, sums, fields, conditions, cards: { def, field, fields, matching: [...conditions.byOwner, ...conditions.filters], write } };
  }

  const labels = (caller: Caller, cards: CrmRecord[], fields: FieldDef[]): Promise<LookupLabels> => lookupLabels(db, m.meta, caller.user, cards, fields, caller.lang);

  return {
    async board(caller: Caller, query: BoardQuery): Promise<{ data: BoardData; lookups: LookupLabels; readOnly: number[] }> {
      const { def, field, sums, fields, conditions, cards: source } = await shape(caller, query);
      const [totals, dictionary] = await Promise.all([boardTotals(db, def, m.hooks, field, sums, conditions, caller.user.userId), dictionaryValues(db, field.dictType)]);
      const values = columnValues(dictionary, totals);
      const { cards, readOnly } = await firstCards(db, source, values, query.cards);
      const byValue = new Map(totals.map((t) => [t.value, t]));
      const columns = values.map((value) => {
        const total = byValue.get(value);
        return {
          value, count: total?.count ?? 0, sums: total?.sums ?? zeroSums(sums), ...(total?.converted ? { converted: true } : {}),
          cards: cards.filter((c) => (c[field.name] ?? null) === value),
        };
      });
      // The sums' currency: the viewer's display currency, which every mixed total is converted to.
      const currency = sums.some((s) => s.field.type === 'currency') ? (await moduleMoney(db, def, caller.user.userId))?.currency : undefined;
      return { data: { field: field.name, columns, ...(currency ? { currency } : {}) }, lookups: await labels(caller, cards, fields), readOnly };
    },

    async cards(caller: Caller, query: BoardCardsQuery): Promise<{ data: CrmRecord[]; lookups: LookupLabels; readOnly: number[] }> {
      const { fields, cards: source } = await shape(caller, query);
      const { cards, readOnly } = await columnPage(db, source, query.value, query);
      return { data: cards, lookups: await labels(caller, cards, fields), readOnly };
    },
  };
}
