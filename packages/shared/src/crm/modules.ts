/**
 * The business modules of the records engine. Their ids are SPEC §4's (`module` in a post-sign-in
 * redirect: 0 leads … 4 campaign; any other value is a report) plus contacts (5) and activities (6),
 * added after the SPEC (docs/decisions.md); their names are the
 * API's path segment (`/crm/leads/list`) and the permission's middle part (`crm:leads:list`).
 */
export const CRM_MODULES = ['leads', 'opportunity', 'account', 'task', 'campaign', 'contact', 'activity'] as const;
export type CrmModule = (typeof CRM_MODULES)[number];

export const CRM_MODULE_ID: Record<CrmModule, number> = { leads: 0, opportunity: 1, account: 2, task: 3, campaign: 4, contact: 5, activity: 6 };

export function isCrmModule(value: unknown): value is CrmModule {
  return typeof value === 'string' && (CRM_MODULES as readonly string[]).includes(value);
}

/** A module by its name or its SPEC §4 id ("leads" or "0"); undefined when neither. */
export function crmModuleOf(value: string): CrmModule | undefined {
  if (isCrmModule(value)) return value;
  return CRM_MODULES.find((m) => String(CRM_MODULE_ID[m]) === value);
}

/**
 * What a lookup field may point at: a record of a module, or one of the organisation's own
 * entities (a user, a department, a record type of the same module).
 */
export const LOOKUP_TARGETS = [...CRM_MODULES, 'user', 'dept', 'recordType'] as const;
export type LookupTarget = (typeof LOOKUP_TARGETS)[number];

/**
 * Rows per page of a module's record list (the records engine's lists; issue 36). The
 * administration lists keep SPEC §9's DEFAULT_PAGE_SIZE (10): a pipeline or a day's leads are
 * worked through a page at a time, and 20 rows fill a 1440 × 900 screen without hiding the pager.
 */
export const RECORD_LIST_PAGE_SIZE = 20;

/** Days a deleted record stays in the recycle bin before it is purged. */
export const RECYCLE_BIN_DAYS = 30;
