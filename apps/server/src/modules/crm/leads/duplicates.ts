import { sql, type SQL } from 'drizzle-orm';
import type { DuplicateCheck, DuplicateCheckField, DuplicateMatch } from '@orbit/shared/contract/crm';
import type { DuplicateMatchKind } from '@orbit/shared/contract/duplicates';
import type { Executor } from '../../../db/client';
import { containsPattern } from '../../../lib/listQuery';
import type { CurrentUser } from '../../auth/currentUser';
import { matchingRecords } from '../engine/duplicates/findDuplicates';
import { matchCondition } from '../engine/duplicates/matchConditions';
import type { MetadataStore, ModuleDef } from '../engine/metadata/moduleDef';

/** A field of `def` matched by the engine's duplicate matching (engine/duplicates/matchConditions.ts). */
const by = (def: ModuleDef, name: string, kind: DuplicateMatchKind, value: string) => matchCondition(def, name, kind, value, 1, 't');
const either = (...parts: Array<SQL | undefined>) => {
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length ? sql`(${sql.join(present, sql` or `)})` : undefined;
};

/** The conditions a duplicate check puts on leads and on accounts (undefined: that module cannot match). */
function conditions(leads: ModuleDef, accounts: ModuleDef, field: DuplicateCheckField, value: string): { leads?: SQL; accounts?: SQL } {
  switch (field) {
    case 'email':
      return { leads: by(leads, 'email', 'caseInsensitive', value) };
    case 'company':
      return { leads: by(leads, 'company', 'caseInsensitive', value), accounts: by(accounts, 'name', 'caseInsensitive', value) };
    case 'phone':
    case 'mobile':
      return { leads: either(by(leads, 'phone', 'caseInsensitive', value), by(leads, 'mobile', 'caseInsensitive', value)), accounts: by(accounts, 'phone', 'caseInsensitive', value) };
    case 'website':
      return { leads: by(leads, 'website', 'caseInsensitive', value), accounts: by(accounts, 'website', 'caseInsensitive', value) };
    case 'emailDomain': {
      const domain = value.replace(/^.*@/, '');
      // An account names its domain in its website (www.acme.com): contains, through the trigram index.
      return { leads: by(leads, 'email', 'emailDomain', `@${domain}`), accounts: domain ? sql`t.website ilike ${containsPattern(domain)}` : undefined };
    }
  }
}

/**
 * Leads and accounts that already exist for a field's value (`GET /core/checkLeadSource`, lead
 * conversion's account candidates), matched by the records engine's duplicate matching: those
 * within the caller's data scope with their names, and how many more exist beyond it (counted,
 * never shown).
 */
export async function findDuplicates(db: Executor, meta: MetadataStore, user: CurrentUser, field: DuplicateCheckField, value: string): Promise<DuplicateCheck> {
  const [leadsDef, accountsDef] = [meta.module('leads'), meta.module('account')];
  const where = conditions(leadsDef, accountsDef, field, value.trim());
  let hiddenCount = 0;
  const search = async (def: ModuleDef, condition: SQL | undefined, detail: SQL): Promise<DuplicateMatch[]> => {
    if (!condition) return [];
    const found = await matchingRecords(db, def, user, condition, detail);
    hiddenCount += found.hiddenCount;
    return found.matches.map((m) => ({ module: def.module, ...m }));
  };
  const leads = await search(leadsDef, where.leads, sql`concat_ws(' · ', t.company, t.email)`);
  const accounts = await search(accountsDef, where.accounts, sql`concat_ws(' · ', t.phone, t.website)`);
  return { leads, accounts, hiddenCount };
}
