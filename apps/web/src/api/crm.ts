import { BUSINESS_DAY_HEADER, META_VERSION_HEADER } from '@orbit/shared/crm/recordHeaders';
import {
  type AccountCampaign,
  type ConvertLeadBody,
  type ConvertLeadResult,
  type CreateListViewBody,
  type DuplicateCheck,
  type DuplicateCheckField,
  type DuplicateMatch,
  type Hierarchy,
  type HistoryPage,
  type ListTotal,
  type ListViewMeta,
  type LookupOption,
  type MassUndoRecord,
  type MassUpdateAnswer,
  type ModuleMeta,
  type OwnerScope,
  type RecordAnswer,
  type RecordPage,
  type RecordTypeMeta,
  type UpdateListViewBody,
} from '@orbit/shared/contract/crm';
import { isCalendarDate, type FieldValue } from '@orbit/shared/crm/fieldValue';
import type { RecordExportAnswer, RecordExportBody } from '@orbit/shared/contract/recordExport';
import type { BoardAnswer, BoardCardsAnswer } from '@orbit/shared/contract/board';
import { DUPLICATE_OVERRIDE_KEY, type MergeBody } from '@orbit/shared/contract/duplicates';
import type { FilterNode } from '@orbit/shared/crm/filter';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { businessDay } from '../store/businessDay';
import { createStore } from '../store/createStore';
import { request, type RequestOptions } from './request';

/**
 * The records engine's calls (docs/records-engine.md), one per endpoint, for every module.
 * Every answer under /crm says which metadata version it was served with; the newest one seen is
 * kept here so that useModuleMeta refetches metadata that an administrator has changed.
 */
export const metaVersionSeen = createStore<number | null>(null);

function noteAnswerHeaders(headers: Headers): void {
  const version = Number(headers.get(META_VERSION_HEADER));
  if (Number.isSafeInteger(version) && version > 0 && version !== metaVersionSeen.get()) metaVersionSeen.set(version);
  const day = headers.get(BUSINESS_DAY_HEADER);
  if (day && isCalendarDate(day) && day !== businessDay.get()) businessDay.set(day);
}

const crm = <T>(options: RequestOptions) => request<T>({ ...options, onHeaders: noteAnswerHeaders });

type Data<T> = { code: number; msg: string; data: T };
type Rows<T> = { code: number; msg: string; total: number; rows: T[] };
type Page = { pageNum: number; pageSize: number };

// ---------------------------------------------------------------- metadata and records

export const getModuleMeta = (module: CrmModule) => crm<Data<ModuleMeta>>({ url: `/crm/meta/${module}` });

/** Active record types of a module, for the "select a record type" step of a new record (SPEC §7). */
export const selectRecordTypes = (module: CrmModule) => crm<Data<RecordTypeMeta[]>>({ url: `/system/data/selectRecordType/${module}` });

export type RecordListParams = Page & {
  orderByColumn?: string;
  isAsc?: 'asc' | 'desc';
  q?: string;
  owner?: OwnerScope;
  viewId?: number;
  filter?: FilterNode | null;
  /** Fields to return besides the system ones. */
  fields?: string[];
  /** Sums over the whole list (a related list's totals), answered in `totals`. */
  totals?: ListTotal[];
  /** Count every row, past the count threshold. */
  exactCount?: boolean;
  /** The page before's `nextCursor`: this page is read after its last row. */
  after?: string;
};

export const listRecords = (module: CrmModule, { filter, fields, q, totals, exactCount, ...params }: RecordListParams) =>
  crm<RecordPage>({
    url: `/crm/${module}/list`,
    params: {
      ...params,
      q: q?.trim() || undefined,
      filter: filter ? JSON.stringify(filter) : undefined,
      fields: fields?.length ? fields.join(',') : undefined,
      totals: totals?.length ? JSON.stringify(totals) : undefined,
      exactCount: exactCount ? 'true' : undefined,
    },
  });

export const getRecord = (module: CrmModule, id: number) => crm<RecordAnswer>({ url: `/crm/${module}/${id}` });

/** What a board shows: the list's settings, the picklist it groups by and the fields its cards carry. */
export type BoardParams = { field: string; q?: string; owner?: OwnerScope; filter?: FilterNode | null; fields?: string[] };

const boardParams = ({ q, filter, fields, ...params }: BoardParams) => ({
  ...params,
  q: q?.trim() || undefined,
  filter: filter ? JSON.stringify(filter) : undefined,
  fields: fields?.length ? fields.join(',') : undefined,
});

/** A module's board: every column's count and sums, and its first `cards` (docs/records-engine.md, "Boards"). */
export const getBoard = (module: CrmModule, params: BoardParams & { cards?: number }) => crm<BoardAnswer>({ url: `/crm/${module}/board`, params: boardParams(params) });

/** A further page of one column (`value` null: the records without one). */
export const getBoardCards = (module: CrmModule, { value, ...params }: BoardParams & Page & { value: string | null }) =>
  crm<BoardCardsAnswer>({ url: `/crm/${module}/board/cards`, params: { ...boardParams(params), value: value ?? '' } });

export type RecordValues = Record<string, FieldValue>;
export type RecordUpdate = { id: number; version: number } & RecordValues;

/** `override`: save despite a duplicate warning, with the reason (kept in the record's history). */
type Override = { reason: string } | undefined;
const withOverride = (body: object, override: Override) => (override ? { ...body, [DUPLICATE_OVERRIDE_KEY]: override } : body);

export const createRecord = (module: CrmModule, values: RecordValues, override?: Override) =>
  crm<Data<number>>({ url: `/crm/${module}`, method: 'POST', data: withOverride(values, override) });
/** Sends only the changed fields with the version they were based on (a stale version answers 409, as does a duplicate). */
export const updateRecord = (module: CrmModule, update: RecordUpdate, override?: Override) =>
  crm<RecordAnswer>({ url: `/crm/${module}`, method: 'PUT', data: withOverride(update, override) });
/** Merges records into a survivor (docs/records-engine.md, "Duplicates and merge"). */
export const mergeRecords = (module: CrmModule, body: MergeBody) => crm({ url: `/crm/${module}/merge`, method: 'POST', data: body });
/** Moves records to the recycle bin. */
/** `dependents: 'delete'`: delete what depends on the records too (an account's opportunities) instead of being refused. */
export const deleteRecords = (module: CrmModule, ids: number[], options: { dependents?: 'delete' } = {}) =>
  crm({ url: `/crm/${module}/${ids.join(',')}`, method: 'DELETE', params: options.dependents ? { dependents: options.dependents } : undefined });

/** The tree a record sits in (parent account, parent campaign), from its top ancestor down. */
export const getHierarchy = (module: CrmModule, id: number) => crm<Data<Hierarchy>>({ url: `/crm/${module}/${id}/hierarchy` });

/** An account's campaign history: memberships of its contacts and of the leads converted into it. */
export const getAccountCampaigns = (accountId: number) => crm<Data<AccountCampaign[]>>({ url: `/crm/account/${accountId}/campaigns` });

export const getRecordHistory = (module: CrmModule, id: number, page: Page) => crm<HistoryPage>({ url: `/crm/${module}/${id}/history`, params: page });

// ---------------------------------------------------------------- pickers

export type LookupQuery = Page & { q?: string };
/** Records of a module a lookup may point at, within the caller's data scope. */
export const lookupRecords = (module: CrmModule, params: LookupQuery) => crm<Rows<LookupOption>>({ url: `/crm/${module}/lookup`, params });
/** Active users, for owner pickers. */
export const lookupUsers = (params: LookupQuery) => crm<Rows<LookupOption>>({ url: '/crm/lookup/user', params });

// ---------------------------------------------------------------- mass actions and the recycle bin

export const transferRecords = (module: CrmModule, ids: number[], ownerId: number) =>
  crm({ url: `/crm/${module}/mass/transfer`, method: 'POST', data: { ids, ownerId } });
/** `also`: the values the module's rule asks for with the change (see massUpdateBody). */
export const massUpdateRecords = (module: CrmModule, ids: number[], field: string, value: FieldValue, also: Record<string, unknown> = {}) =>
  crm<MassUpdateAnswer>({ url: `/crm/${module}/mass/update`, method: 'POST', data: { ids, field, value, ...(Object.keys(also).length ? { also } : {}) } });
/** Takes a mass update back (its answer's `undo`): every record or none; one changed since answers 409. */
export const undoMassUpdate = (module: CrmModule, records: MassUndoRecord[]) => crm<Data<number>>({ url: `/crm/${module}/mass/undo`, method: 'POST', data: { records } });

export const listRecycleBin = (module: CrmModule, params: Page) => crm<RecordPage>({ url: `/crm/${module}/recycleBin`, params });
export const restoreRecords = (module: CrmModule, ids: number[]) => crm({ url: `/crm/${module}/restore`, method: 'PUT', data: { ids } });

// ---------------------------------------------------------------- saved list views

export const listViews = (module: CrmModule) => crm<Data<ListViewMeta[]>>({ url: `/crm/${module}/views` });
export const createView = (module: CrmModule, view: CreateListViewBody) => crm<Data<number>>({ url: `/crm/${module}/views`, method: 'POST', data: view });
export const updateView = (module: CrmModule, view: UpdateListViewBody) => crm({ url: `/crm/${module}/views`, method: 'PUT', data: view });
export const deleteView = (module: CrmModule, id: number) => crm({ url: `/crm/${module}/views/${id}`, method: 'DELETE' });

// ---------------------------------------------------------------- duplicates, leads

/** Leads and accounts that already have this value (SPEC §7's checkLeadSource, read as a duplicate check). */
export const checkLeadSource = (field: DuplicateCheckField, value: string) =>
  crm<Data<DuplicateCheck>>({ url: `/core/checkLeadSource/${field}/${encodeURIComponent(value)}` });

/** Accounts a lead could be converted into (matching its company or e-mail domain), within the caller's scope. */
export const getConvertCandidates = (leadId: number) => crm<Data<DuplicateMatch[]>>({ url: `/crm/leads/convert/candidates/${leadId}` });
/** Contacts of an account a lead may already be (its e-mail or name), within the caller's scope. */
export const getConvertContacts = (leadId: number, accountId: number) =>
  crm<Data<DuplicateMatch[]>>({ url: `/crm/leads/convert/contacts/${leadId}`, params: { accountId } });
export const convertLead = (body: ConvertLeadBody) => crm<Data<ConvertLeadResult>>({ url: '/crm/leads/convert', method: 'POST', data: body });

// ---------------------------------------------------------------- export

/** An export (`POST /crm/{module}/export`): `ready` when the server wrote it at once (download it now), else queued; `msg` says which. */
export const exportRecords = (module: CrmModule, body: RecordExportBody) =>
  crm<Data<RecordExportAnswer>>({ url: `/crm/${module}/export`, method: 'POST', data: body });
