import { DASHBOARD_VIEW } from '@orbit/shared/constants';
import { PERMISSIONS as P } from '@orbit/shared/permissions';

/**
 * The full menu of SPEC §2. `routeName` keys the client's translations; `component` is the view
 * path the web app loads lazily. Buttons (F) carry the permission strings the server checks.
 */
export type MenuSeed = {
  name: string;
  routeName: string;
  path: string;
  type: 'M' | 'C' | 'F';
  component?: string;
  icon?: string;
  perms?: string;
  hidden?: boolean;
  noCache?: boolean;
  external?: boolean;
  /** Template demo entries only: the demo roles that see it (SPEC §6 route metadata); absent, every demo role. */
  roles?: string[];
  children?: MenuSeed[];
};

const buttons = (prefix: string, group: Record<string, string>, skip: string[] = ['list']): MenuSeed[] =>
  Object.entries(group)
    .filter(([action]) => !skip.includes(action))
    .map(([action, perms]) => ({ name: `${prefix} ${action}`, routeName: '', path: '', type: 'F', perms }));

/** A business module: its list page, a hidden detail page, and its buttons. */
function crmModule(title: string, top: string, slug: string, group: Record<string, string> & { list: string; query: string }, icon: string): MenuSeed {
  const name = title.replace(/\s/g, '');
  return {
    name: title,
    routeName: name,
    path: top,
    type: 'M',
    icon,
    children: [
      { name: title, routeName: `${name}Index`, path: `${slug}-index`, type: 'C', component: `crm/${slug}/index`, perms: group.list, icon, children: buttons(title, group) },
      { name: `${title} Detail`, routeName: `${name}Detail`, path: `${slug}-detail`, type: 'C', component: `crm/${slug}/detail`, perms: group.query, hidden: true, noCache: true },
    ],
  };
}

const withButton = (folder: MenuSeed, button: MenuSeed): MenuSeed => ({ ...folder, children: [...(folder.children ?? []), button] });

const fieldLayout = (title: string, slug: string, order: number): MenuSeed => ({
  name: title,
  routeName: `Setup${title.replace(/\s/g, '')}`,
  path: `index-${slug}`,
  type: 'M',
  icon: ['table', 'money', 'peoples', 'list', 'guide', 'contacts', 'message'][order] ?? 'table',
  children: [
    {
      name: `${title} Page Layout`,
      routeName: `${title.replace(/\s/g, '')}Fields`,
      path: `${slug}-fields`,
      type: 'C',
      component: `setup/fields/index`,
      perms: P.setupFields.list,
      // The Automation tab of this page (workflow rules) is gated by buttons too, so a role editor can
      // grant it; one set for all modules, like the field-layout buttons. Upgraded installs get them
      // from migration 0041 (automation_menu); the assignment-rule buttons (Leads only) from 0045
      // (assignment_rules); keep them in step.
      children: order === 0 ? [...buttons('Field layout', P.setupFields), ...buttons('Workflow rule', P.automation, []), ...buttons('Assignment rule', P.assignment, [])] : [],
    },
  ],
});

export const menuTree: MenuSeed[] = [
  // The record "share" button sits in the Leads folder, beside the list: a role holding it is given
  // the button's ancestors, and under Set-up › Sharing it would open that page (setup:fields:list).
  withButton(crmModule('Leads', 'Leads', 'leads', P.leads, 'user'), { name: 'Record share', routeName: '', path: '', type: 'F', perms: P.sharing.share }),
  crmModule('Opportunity', 'opportunity', 'opportunity', P.opportunity, 'money'),
  crmModule('Account', 'account', 'account', P.account, 'peoples'),
  crmModule('Contact', 'contact', 'contact', P.contact, 'contacts'),
  crmModule('Task', 'task', 'task', P.task, 'list'),
  // A top-level page (`/calendar`). Upgraded installs get it from migration 0025 (calendar); keep the two in step.
  { name: 'Calendar', routeName: 'Calendar', path: 'calendar', type: 'C', component: 'crm/calendar/index', perms: P.calendar.list, icon: 'calendar' },
  // Requests awaiting the user's decision or submitted by them (issue 34). Upgraded installs get it from migration 0040 (approval_processes); keep the two in step.
  { name: 'My Approvals', routeName: 'MyApprovals', path: 'my-approvals', type: 'C', component: 'crm/approvals/index', perms: P.approval.list, icon: 'audit' },
  // Received mail waiting to be linked to a record (issue 35, "In"). Upgraded installs get it from migration 0042 (email_in); keep the two in step.
  { name: 'Inbox', routeName: 'Inbox', path: 'inbox', type: 'C', component: 'crm/inbox/index', perms: P.activity.add, icon: 'email' },
  crmModule('Campaign', 'campaign', 'campaign', P.campaign, 'guide'),
  // Mass e-mail (issue 35) sits with the activities each of its mails is. Upgraded installs get the
  // button from migration 0043 (mass_email); keep the two in step.
  withButton(crmModule('Activity', 'activity', 'activity', P.activity, 'message'), { name: 'Mass e-mail', routeName: '', path: '', type: 'F', perms: P.massEmail.send }),
  crmModule('Report', 'report', 'report', P.report, 'chart'),
  {
    name: 'Dashboard',
    routeName: 'Dashboard',
    path: 'dashboard',
    type: 'M',
    icon: 'dashboard',
    children: [
      { name: 'Dashboard', routeName: 'DashboardIndex', path: 'dashboard-index', type: 'C', component: DASHBOARD_VIEW, perms: P.dashboard.list, icon: 'dashboard', children: buttons('Dashboard', P.dashboard) },
    ],
  },
  {
    name: 'Setup',
    routeName: 'Setup',
    path: 'setup',
    type: 'M',
    icon: 'component',
    children: [
      fieldLayout('Leads', 'leads', 0),
      fieldLayout('Opportunity', 'opportunity', 1),
      fieldLayout('Account', 'account', 2),
      fieldLayout('Task', 'task', 3),
      fieldLayout('Campaign', 'campaign', 4),
      fieldLayout('Contact', 'contact', 5),
      fieldLayout('Activity', 'activity', 6),
      // Added to existing installs by migration 0033 (sharing); keep the two in step.
      {
        name: 'Sharing', routeName: 'SetupSharing', path: 'sharing', type: 'C', component: 'setup/sharing/index', perms: P.setupFields.list, icon: 'lock',
      },
      // Added to existing installs by migration 0040 (approval_processes); keep the two in step.
      {
        name: 'Approval Processes', routeName: 'SetupApprovals', path: 'approvals', type: 'C', component: 'setup/approvals/index', perms: P.setupApproval.list, icon: 'audit',
        children: buttons('Approval process', P.setupApproval),
      },
      {
        name: 'Login Log', routeName: 'LogLogin', path: 'log-login', type: 'C', component: 'monitor/logininfor/index', perms: P.logininfor.list, icon: 'logininfor',
        children: buttons('Login log', P.logininfor),
      },
      {
        name: 'Operation Log', routeName: 'LogOperation', path: 'log-operation', type: 'C', component: 'monitor/operlog/index', perms: P.operlog.list, icon: 'form',
        children: buttons('Operation log', P.operlog),
      },
    ],
  },
  {
    name: 'System',
    routeName: 'System',
    path: 'system',
    type: 'M',
    icon: 'system',
    children: [
      // Everyone's API keys open from the Users page (issue 34). Upgraded installs get the buttons from migration 0041 (automation_menu).
      { name: 'Users', routeName: 'User', path: 'user', type: 'C', component: 'system/user/index', perms: P.user.list, icon: 'user', children: [...buttons('User', P.user), ...buttons('API key', P.apiKey, [])] },
      { name: 'Roles', routeName: 'Role', path: 'role', type: 'C', component: 'system/role/index', perms: P.role.list, icon: 'peoples', children: buttons('Role', P.role) },
      { name: 'Departments', routeName: 'Dept', path: 'dept', type: 'C', component: 'system/dept/index', perms: P.dept.list, icon: 'tree', children: buttons('Department', P.dept) },
      { name: 'Menus', routeName: 'Menu', path: 'menu', type: 'C', component: 'system/menu/index', perms: P.menu.list, icon: 'tree-table', children: buttons('Menu', P.menu) },
      { name: 'Dictionaries', routeName: 'Dict', path: 'dict', type: 'C', component: 'system/dict/index', perms: P.dict.list, icon: 'dict', children: buttons('Dictionary', P.dict) },
      { name: 'Dictionary Data', routeName: 'DictData', path: 'dict-data', type: 'C', component: 'system/dict/data', perms: P.dict.list, icon: 'dict', hidden: true },
      // Added to existing installs by migration 0012 (settings_notices); keep the two in step.
      { name: 'Settings', routeName: 'Config', path: 'config', type: 'C', component: 'system/config/index', perms: P.config.list, icon: 'edit', children: buttons('Setting', P.config) },
      { name: 'Notices', routeName: 'Notice', path: 'notice', type: 'C', component: 'system/notice/index', perms: P.notice.list, icon: 'message', children: buttons('Notice', P.notice) },
      // Added to existing installs by migration 0037 (exchange_rate_menu); keep the two in step.
      {
        name: 'Exchange Rates', routeName: 'ExchangeRate', path: 'exchange-rate', type: 'C', component: 'system/currency/index', perms: P.exchangeRate.list, icon: 'money',
        children: buttons('Exchange rate', P.exchangeRate),
      },
      // Added to existing installs by migration 0039 (automation); keep the two in step.
      { name: 'Webhooks', routeName: 'Webhook', path: 'webhook', type: 'C', component: 'system/webhook/index', perms: P.webhook.list, icon: 'link', children: buttons('Webhook', P.webhook) },
    ],
  },
];
