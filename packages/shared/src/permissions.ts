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
  // Mass e-mail to a campaign's members or a list selection of leads or contacts (issue 35); each mail is also an activity, so it goes with the activity's `add`.
  massEmail: { send: 'crm:email:mass' },
  // Sharing a record by hand (docs/architecture.md, "Sharing"): also needs write access to the record.
  sharing: { share: 'crm:record:share' },
  // The calendar page; what it shows of each module still needs that module's list permission.
  calendar: { list: 'crm:calendar:list' },
  // Approval processes (issue 34): the My approvals page and deciding (only as an approver of the current step); Set-up of the processes.
  approval: { list: 'crm:approval:list' },
  setupApproval: { list: 'setup:approval:list', add: 'setup:approval:add', edit: 'setup:approval:edit', remove: 'setup:approval:remove' },
  setupFields: { list: 'setup:fields:list', add: 'setup:fields:add', edit: 'setup:fields:edit', remove: 'setup:fields:remove' },
  // Workflow rules of a module (Set-up › module › Automation) and their run log (issue 34).
  automation: { list: 'setup:automation:list', add: 'setup:automation:add', edit: 'setup:automation:edit', remove: 'setup:automation:remove' },
  // Lead assignment rules (Set-up › Leads › Assignment, issue 34).
  assignment: { list: 'setup:assignment:list', add: 'setup:assignment:add', edit: 'setup:assignment:edit', remove: 'setup:assignment:remove' },
  // Webhooks (System › Webhooks) and their deliveries; `edit` also resends a delivery.
  webhook: { list: 'system:webhook:list', add: 'system:webhook:add', edit: 'system:webhook:edit', remove: 'system:webhook:remove' },
  user: { ...crud('system', 'user'), import: 'system:user:import', resetPwd: 'system:user:resetPwd' },
  role: crud('system', 'role'),
  dept: { list: 'system:dept:list', query: 'system:dept:query', add: 'system:dept:add', edit: 'system:dept:edit', remove: 'system:dept:remove' },
  menu: { list: 'system:menu:list', query: 'system:menu:query', add: 'system:menu:add', edit: 'system:menu:edit', remove: 'system:menu:remove' },
  dict: crud('system', 'dict'),
  config: crud('system', 'config'),
  // Exchange rates of the active currencies (issue 33): read by whoever manages them, changed by an administrator.
  exchangeRate: { list: 'system:exchangeRate:list', add: 'system:exchangeRate:add', remove: 'system:exchangeRate:remove' },
  // Everyone's personal API keys (issue 34): one's own need no permission (the profile page).
  apiKey: { list: 'system:apikey:list', remove: 'system:apikey:remove' },
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
