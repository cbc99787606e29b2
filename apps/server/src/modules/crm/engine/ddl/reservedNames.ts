/**
 * Names a custom field may not take (compared in lower case): the keys every record carries on the
 * wire and the engine's own columns, words of SQL, and every member of Object.prototype (read from
 * the runtime, so none is missed) — a record is an object keyed by field name, and a name like
 * `isPrototypeOf` was found by `name in record` before its own value was (never returned, exported
 * as the text of a function). The engine holds records without a prototype as well (records/ownValues.ts).
 */
export const RESERVED_FIELD_NAMES: ReadonlySet<string> = new Set([
  // the record's envelope and engine columns
  'id', 'version', 'recordtypeid', 'ownerid', 'deptid', 'createtime', 'updatetime', 'createby', 'updateby',
  'deletedat', 'deletedby', 'searchtext', 'record_type_id', 'owner_id', 'dept_id', 'create_time', 'update_time',
  'create_by', 'update_by', 'deleted_at', 'deleted_by', 'search_text', 'lookups', 'locked', 'module', 'name', 'label',
  // SQL
  'all', 'analyse', 'analyze', 'and', 'any', 'array', 'as', 'asc', 'asymmetric', 'both', 'case', 'cast', 'check', 'collate',
  'column', 'constraint', 'create', 'current_date', 'current_role', 'current_time', 'current_timestamp', 'current_user',
  'default', 'deferrable', 'delete', 'desc', 'distinct', 'do', 'drop', 'else', 'end', 'except', 'false', 'fetch', 'for',
  'foreign', 'from', 'grant', 'group', 'having', 'in', 'initially', 'insert', 'intersect', 'into', 'join', 'lateral',
  'leading', 'limit', 'localtime', 'localtimestamp', 'not', 'null', 'offset', 'on', 'only', 'or', 'order', 'placing',
  'primary', 'references', 'returning', 'select', 'session_user', 'some', 'symmetric', 'table', 'then', 'to', 'trailing',
  'true', 'truncate', 'union', 'unique', 'update', 'user', 'using', 'variadic', 'when', 'where', 'window', 'with',
  'oid', 'tableoid', 'xmin', 'xmax', 'cmin', 'cmax', 'ctid',
  // JavaScript objects
  '__proto__', 'prototype', ...Object.getOwnPropertyNames(Object.prototype).map((name) => name.toLowerCase()),
]);

export const isReservedFieldName = (name: string): boolean => RESERVED_FIELD_NAMES.has(name.toLowerCase());
