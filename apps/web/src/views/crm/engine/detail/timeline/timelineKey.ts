/**
 * Query key prefix of a record's timeline (`[ACTIVITY_KEY, module, id, …]`), fetched again after any
 * change on its page; the record's history shares it (RecordDetail refreshes both at once).
 */
export const ACTIVITY_KEY = 'crm-history';
