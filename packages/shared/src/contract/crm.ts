import type { RollupDef } from '../crm/rollup';
import type { Currency } from '../crm/money';
import { z } from 'zod';
import { MAX_LIST_VALUES, type FieldType } from '../crm/fieldTypes';
import type { FieldValue } from '../crm/fieldValue';
import { boundedFilter, fieldName, filterParam, type FilterNode } from '../crm/filter';
import { CRM_MODULES, type CrmModule, type LookupTarget } from '../crm/modules';
import { OWNER_SCOPES, type OwnerScope } from '../crm/ownerScopes';
import type { BoardMeta } from '../crm/board';
import type { MessageKey } from '../messages';
import { optionalText, requiredText, stringValue } from '../validation';
import { id, jsonId, pageQuery, sortDirection } from './common';

// Plain constants live in zod-free modules (the web's list pages load them without zod); re-exported for the server.
export { OWNER_SCOPES, type OwnerScope } from '../crm/ownerScopes';
export { BUSINESS_DAY_HEADER, META_VERSION_HEADER } from '../crm/recordHeaders';

/**
 * Wire contract of the records engine (docs/records-engine.md): metadata, records, lists, saved
 * views, mass actions, the recycle bin and lead conversion. Labels arrive in the request's
 * language (`label`), with both languages beside them for the set-up screens.
 */

// ---------------------------------------------------------------- metadata

export type FieldMeta = {
  id: number;
  name: string;
  type: FieldType;
  label: string;
  labelEn: string;
  labelZh: string;
  help: string;
  required: boolean;
  requiredMessage: MessageKey | null;
  unique: boolean;
  /** Shown but never written by a form (created time, converted account…). */
  readOnly: boolean;
  /** Engine columns every module has (owner, created, record type…). */
  system: boolean;
  /** Shipped with the product (false: created by an administrator). */
  standard: boolean;
  maxLength: number | null;
  decimals: number | null;
  dictType: string | null;
  lookupModule: LookupTarget | null;
  relatedModules: CrmModule[] | null;
  sortable: boolean;
  filterable: boolean;
  /** Matched by the list's quick search and the global search. */
  searchable: boolean;
  defaultValue: FieldValue;
  /** A formula field's expression (crm/formula.ts): the field is read-only and `type` is its result's. */
  formula?: string | null;
  /** A roll-up summary field's definition (crm/rollup.ts): read-only, kept by the database. */
  rollup?: RollupDef | null;
  order: number;
};

export type RecordTypeMeta = {
  id: number;
  name: string;
  label: string;
  labelEn: string;
  labelZh: string;
  description: string;
  active: boolean;
  isDefault: boolean;
  layoutId: number | null;
};

export type LayoutItem = { field: string; required?: boolean; readOnly?: boolean };
export type LayoutSection = { key: string; title: string; titleEn: string; titleZh: string; columns: 1 | 2; fields: LayoutItem[] };
export type LayoutMeta = { id: number; name: string; recordTypeId: number | null; isTemplate: boolean; sections: LayoutSection[] };

export type ListViewMeta = {
  id: number;
  name: string;
  label: string;
  /** null: built into the product. */
  ownerId: number | null;
  shared: boolean;
  builtIn: boolean;
  columns: string[];
  sortField: string | null;
  sortOrder: 'asc' | 'desc';
  filter: FilterNode | null;
  ownerScope: OwnerScope;
  /** Whether the caller may change or delete it. */
  canEdit: boolean;
};

/** A list of records of another module that point at this one (opportunities of an account…). */
export type RelatedListMeta = { module: CrmModule; field: string; label: string };

export type ModuleMeta = {
  module: CrmModule;
  moduleId: number;
  /** Metadata version: the `Meta-Version` header of every answer says when to fetch this again. */
  version: number;
  /** Field names that make a record's display name, in order ("firstName lastName"). */
  nameFields: string[];
  fields: FieldMeta[];
  recordTypes: RecordTypeMeta[];
  layouts: LayoutMeta[];
  listViews: ListViewMeta[];
  relatedLists: RelatedListMeta[];
  /** The picklist a detail page shows as a path of steps across its header (a stage, a status), or null. */
  path: StagePathMeta | null;
  /** The list's board: the picklist it opens on and the sums of its columns (docs/records-engine.md, "Boards"). */
  board: BoardMeta;
};

/**
 * A module's path: its picklist field; the values that close a record, drawn together as the last
 * step (won or lost); and those only an action reaches (a lead is converted by converting it).
 */
export type StagePathMeta = { field: string; closed: string[]; byAction: string[] };

// ---------------------------------------------------------------- records

/** A record: system columns plus one key per field, values as docs/records-engine.md "Values" says. */
export type CrmRecord = {
  id: number;
  recordTypeId: number | null;
  ownerId: number;
  deptId: number | null;
  version: number;
  createTime: string;
  updateTime: string | null;
  createBy: number | null;
  updateBy: number | null;
} & Record<string, FieldValue>;

/**
 * Display names of the records and people a page of records points at: `lookups.user[7]`. A
 * business record the viewer may not see named (outside their data scope) is there with `null`:
 * a restricted record, shown as "Restricted record" with no link, everywhere (docs/records-engine.md
 * "Related records outside the viewer's scope").
 */
export type LookupLabels = Partial<Record<LookupTarget, Record<string, string | null>>>;

export const recordListQuery = z.object({
  ...pageQuery,
  orderByColumn: fieldName.optional(),
  isAsc: sortDirection.optional(),
  /** Quick search over the module's searchable fields. */
  q: optionalText(100).optional(),
  owner: z.enum(OWNER_SCOPES).optional(),
  /** A saved view: its filter, sort and columns apply unless the request gives its own. */
  viewId: id.optional(),
  filter: filterParam.optional(),
  /** Comma-separated field names to return besides the system ones (default: the view's columns). */
  fields: stringValue()
    .max(4000)
    .regex(/^[a-zA-Z][a-zA-Z0-9_]*(,[a-zA-Z][a-zA-Z0-9_]*)*$/, { error: 'validation.invalidValue' })
    .optional(),
  /** Count every row however many (`true`); otherwise up to the setting `crm.list.countThreshold` (crm/listCount.ts). */
  exactCount: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  /**
   * The `nextCursor` of the page before this one, in the same order: the page is read after that
   * page's last row (keyset) rather than by skipping rows, so that page 5,000 costs what page 1 does.
   * One that does not fit the list's order is ignored.
   */
  after: stringValue().max(2000).optional(),
  /** Sums over every row of the list (not just the page), as JSON `ListTotal[]`: a related list's totals. */
  totals: stringValue()
    .max(16_000, { error: 'filter.tooComplex' })
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'record.totalsInvalid' });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .array(z.object({ field: fieldName, filter: boundedFilter.optional() }).strict(), { error: 'record.totalsInvalid' })
        .min(1, { error: 'record.totalsInvalid' })
        .max(4, { error: 'record.totalsInvalid' }),
    )
    .optional(),
});
export type RecordListQuery = z.infer<typeof recordListQuery>;
/** One sum beside a list: a currency or number field, over the rows matching `filter` too when given (an account's won amount). */
export type ListTotal = { field: string; filter?: FilterNode };

/**
 * `totals`: the sums asked for, in order, as decimal strings ("0" when no row counts).
 * `totalCapped`: the list has more rows than `total` (the count threshold), which it then is.
 * `nextCursor`: the page's end, to send as `after` for the next page (absent on an empty page).
 */
export type RecordPage = {
  code: number;
  msg: string;
  total: number;
  rows: CrmRecord[];
  lookups: LookupLabels;
  totals?: string[];
  /** The currency the money totals are in: the reader's display currency (issue 33). */
  totalsCurrency?: Currency;
  /** Some rows of the totals were in another currency and converted. */
  totalsConverted?: boolean;
  totalCapped?: boolean;
  nextCursor?: string;
  /** Ids of the page's rows the caller may read but not change (a read-only share, a public read-only module): nothing offers to edit them. */
  readOnly?: number[];
};
/**
 * `locked`: why the record cannot be changed (a converted lead), in the request's language; null when it can.
 * `canEdit`: whether the caller's access reaches writing it (a record they may only read — a public
 * read-only module, a read-only share — answers false).
 */
export type RecordAnswer = { code: number; msg: string; data: CrmRecord; lookups: LookupLabels; locked: string | null; canEdit?: boolean };

/** A record to create: field values by name (unknown names are refused, read-only ones ignored). */
export const recordBody = z.record(fieldName, z.unknown()).refine((body) => Object.keys(body).length <= 500, { error: 'validation.invalidValue' });
/** An update names the record and the version it was based on; only the fields sent change. */
export const recordUpdateBody = z.looseObject({ id, version: z.number().int().min(1) });

const idArray = z.array(id).min(1, { error: 'validation.selectRecord' }).max(MAX_LIST_VALUES * 5);
export const massTransferBody = z.object({ ids: idArray, ownerId: id });
/**
 * One field set to one value on many records. `also` carries the values a module's rule asks for
 * with that change (closing opportunities as lost: the close date and the loss reason); they are
 * validated like any field of a form.
 */
export const massUpdateBody = z.object({
  ids: idArray,
  field: fieldName,
  value: z.unknown(),
  also: z.record(fieldName, z.unknown()).refine((also) => Object.keys(also).length <= 10, { error: 'validation.invalidValue' }).optional(),
});
export const restoreBody = z.object({ ids: idArray });

/**
 * What one record had before a mass update changed it, and the version that update left: the
 * mass update's answer carries these (`undo`) and `POST /crm/{m}/mass/undo` takes them back, all
 * records or none (a record changed since refuses the undo as stale).
 */
const massUndoRecord = z.object({
  id: jsonId,
  version: z.number().int().min(1),
  values: z.record(fieldName, z.unknown()).refine((values) => Object.keys(values).length >= 1 && Object.keys(values).length <= 20, { error: 'validation.invalidValue' }),
});
export type MassUndoRecord = z.infer<typeof massUndoRecord>;
export const massUndoBody = z.object({ records: z.array(massUndoRecord).min(1, { error: 'validation.selectRecord' }).max(MAX_LIST_VALUES * 5) });
/** `POST /crm/{m}/mass/update`: `data` how many records changed, `undo` what each had before. */
export type MassUpdateAnswer = { code: number; msg: string; data: number; undo: MassUndoRecord[] };
export const addToCampaignBody = z.object({ ids: idArray, campaignId: id, memberStatus: stringValue().max(100).optional() });
/** A lead's or contact's membership of a campaign (its campaign history); `status` is a value of crm_campaign_member_status. */
export type CampaignMembership = { id: number; campaignId: number; campaignName: string; status: string; createTime: string };

export const historyQuery = z.object({ ...pageQuery });
export type HistoryPage = { code: number; msg: string; total: number; rows: HistoryRow[]; lookups: LookupLabels };
/** `duplicate`: saved despite a duplicate warning (newValue: the reason); `merge` on the survivor (newValue: the merged records' names), `mergedInto` on a merged record (newValue: the survivor's id). */
export type HistoryAction = 'create' | 'update' | 'delete' | 'restore' | 'convert' | 'transfer' | 'duplicate' | 'merge' | 'mergedInto';
export type HistoryRow = {
  id: number;
  action: HistoryAction;
  field: string | null;
  oldValue: FieldValue;
  newValue: FieldValue;
  userId: number | null;
  userName: string;
  time: string;
};

export const lookupQuery = z.object({ q: optionalText(100).optional(), ...pageQuery });
export type LookupOption = { id: number; label: string; extra?: string };

// ---------------------------------------------------------------- saved list views

const viewFields = {
  name: requiredText(60),
  shared: z.boolean().default(false),
  columns: z.array(fieldName).min(1, { error: 'validation.pickAtLeastOne' }).max(40),
  sortField: fieldName.nullish().transform((v) => v ?? null),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  filter: boundedFilter.nullish().transform((v) => v ?? null),
  ownerScope: z.enum(OWNER_SCOPES).default('all'),
};
export const createListViewBody = z.object(viewFields);
export type CreateListViewBody = z.infer<typeof createListViewBody>;
export const updateListViewBody = z.object({ ...viewFields, id });
export type UpdateListViewBody = z.infer<typeof updateListViewBody>;

// ---------------------------------------------------------------- duplicates and lead conversion

/** Fields `GET /core/checkLeadSource/{field}/{value}` can check for duplicates. */
export const DUPLICATE_CHECK_FIELDS = ['email', 'company', 'phone', 'mobile', 'website', 'emailDomain'] as const;
export type DuplicateCheckField = (typeof DUPLICATE_CHECK_FIELDS)[number];
export type DuplicateMatch = { module: CrmModule; id: number; label: string; detail: string; ownerName: string };
export type DuplicateCheck = { leads: DuplicateMatch[]; accounts: DuplicateMatch[]; hiddenCount: number };

export const convertLeadBody = z.object({
  leadId: id,
  version: z.number().int().min(1),
  /** A new account (its name, defaulting to the lead's company) or an existing one. */
  account: z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('new'), name: requiredText(255) }),
    z.object({ mode: z.literal('existing'), accountId: id }),
  ]),
  /**
   * The person the lead is: a new contact made from the lead (default), or an existing contact of
   * the chosen existing account (one of `GET /crm/leads/convert/contacts/{id}?accountId=`).
   */
  contact: z
    .discriminatedUnion('mode', [z.object({ mode: z.literal('new') }), z.object({ mode: z.literal('existing'), contactId: jsonId })])
    .default({ mode: 'new' }),
  opportunity: z
    .object({ name: requiredText(255), closeDate: stringValue(), stage: requiredText(100), amount: z.union([stringValue(), z.number()]).nullish() })
    .nullish(),
  task: z.object({ subject: requiredText(255), dueDate: stringValue().nullish() }).nullish(),
  /** Owner of the new records (default: the lead's owner). */
  ownerId: id.optional(),
});
export type ConvertLeadBody = z.infer<typeof convertLeadBody>;
export type ConvertLeadResult = { accountId: number; contactId: number; opportunityId: number | null; taskId: number | null };
/** `GET /crm/leads/convert/contacts/{leadId}?accountId=`: the account's contacts with the lead's e-mail or name. */
export const convertContactsQuery = z.object({ accountId: z.coerce.number().int().min(1) });

// ---------------------------------------------------------------- global search

export const globalSearchQuery = z.object({ q: requiredText(100), limit: z.coerce.number().int().min(1).max(20).default(5) });
/** One key detail of a search hit (its account, stage, owner…), labels resolved in the request's language. */
export type GlobalSearchDetail = { label: string; value: string };
/**
 * A search hit. `rank`: 0 the name is what was typed, 1 the name starts with it, 2 it is found
 * elsewhere (then by name similarity and recent activity). `details`: the module's key fields.
 */
export type GlobalSearchHit = { module: CrmModule; id: number; label: string; detail: string; rank: number; details: GlobalSearchDetail[] };
/** The full results page: how many hits each module the caller may list has, and one ranked page of one module. */
export const globalSearchResultsQuery = z.object({ ...pageQuery, q: requiredText(100), module: z.enum(CRM_MODULES).optional() });
/**
 * A module's count of hits. `capped`: it has more than GLOBAL_SEARCH_CANDIDATES (constants.ts), of
 * which only that many were read and ranked — `total` is then that cap, shown as "more than" it.
 */
export type GlobalSearchCount = { module: CrmModule; total: number; capped: boolean };
/** `total`/`capped`: the shown module's count (its pages end at the cap). */
export type GlobalSearchResults = { counts: GlobalSearchCount[]; module: CrmModule | null; total: number; capped: boolean; rows: GlobalSearchHit[] };

export const crmModuleParam = z.enum(CRM_MODULES);

// ---------------------------------------------------------------- hierarchy

/**
 * A record's hierarchy (parent account, parent campaign): the tree from its top ancestor down.
 * `name` null: a record outside the caller's data scope, shown only to connect the ones within it.
 */
export type HierarchyNode = { id: number; parentId: number | null; depth: number; name: string | null };
/** `truncated`: the tree was deeper or larger than the engine draws (HIERARCHY_MAX_DEPTH / HIERARCHY_MAX_NODES). */
export type Hierarchy = { field: string | null; currentId: number; nodes: HierarchyNode[]; truncated: boolean };
export const HIERARCHY_MAX_DEPTH = 20;
export const HIERARCHY_MAX_NODES = 500;

/**
 * An account's campaign history: each campaign one of its contacts or converted leads is a member
 * of, with that person (`type` says which: `leadId` or `contactId` is set) and its member status.
 */
export type AccountCampaign = {
  id: number;
  campaignId: number;
  campaignName: string;
  type: 'leads' | 'contact';
  leadId: number | null;
  contactId: number | null;
  name: string;
  status: string;
  createTime: string;
};
