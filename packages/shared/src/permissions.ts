/**
 * Permission strings `module:entity:action`, the one list the server checks and the web app
 * mirrors (buttons shown only to holders). Menus are seeded with these.
 */
const crud = (module: string, entity: string) =>
  ({
    list: `${module}:${entity}:list`,
    query: `${module}:${entity}:query`,
    add: `${module}:${entity}:add`,
    edit: `${module}:${entity}:edit`,
    remove: `${module}:${entity}:remove`,
    export: `${module}:${entity}:export`,
  }) as const;

export const PERMISSIONS = {
  // A module's Excel import needs `add` (and `edit` to update duplicates): no import string of its own (docs/decisions.md).
  leads: { ...crud('crm', 'leads'), convert: 'crm:leads:convert' },
  opportunity: crud('crm', 'opportunity'),
  account: crud('crm', 'account'),
  task: crud('crm', 'task'),
  campaign: crud('crm', 'campaign'),
  contact: crud('crm', 'contact'),
  activity: crud('crm', 'activity'),
  report: crud('crm', 'report'),
  dashboard: crud('crm', 'dashboard'),
  // The calendar page; what it shows of each module still needs that module's list permission.
  calendar: { list: 'crm:calendar:list' },
  setupFields: { list: 'setup:fields:list', add: 'setup:fields:add', edit: 'setup:fields:edit', remove: 'setup:fields:remove' },
  user: { ...crud('system', 'user'), import: 'system:user:import', resetPwd: 'system:user:resetPwd' },
  role: crud('system', 'role'),
  dept: { list: 'system:dept:list', query: 'system:dept:query', add: 'system:dept:add', edit: 'system:dept:edit', remove: 'system:dept:remove' },
  menu: { list: 'system:menu:list', query: 'system:menu:query', add: 'system:menu:add', edit: 'system:menu:edit', remove: 'system:menu:remove' },
  dict: crud('system', 'dict'),
  config: crud('system', 'config'),
  notice: { list: 'system:notice:list', query: 'system:notice:query', add: 'system:notice:add', edit: 'system:notice:edit', remove: 'system:notice:remove' },
  logininfor: {
    list: 'monitor:logininfor:list',
    remove: 'monitor:logininfor:remove',
    export: 'monitor:logininfor:export',
    unlock: 'monitor:logininfor:unlock',
  },
  operlog: {
    list: 'monitor:operlog:list',
    query: 'monitor:operlog:query',
    remove: 'monitor:operlog:remove',
    export: 'monitor:operlog:export',
  },
} as const;

export type Permission = {
  [A in keyof typeof PERMISSIONS]: (typeof PERMISSIONS)[A][keyof (typeof PERMISSIONS)[A]];
}[keyof typeof PERMISSIONS];

export const ALL_PERMISSIONS: Permission[] = Object.values(PERMISSIONS).flatMap((group) => Object.values(group) as Permission[]);
