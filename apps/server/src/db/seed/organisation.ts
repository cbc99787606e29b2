import { PERMISSIONS as P, type Permission } from '@orbit/shared/permissions';

/** A believable organisation for the demo: departments, roles with data scopes, users. */
export const DEMO_PASSWORD = 'admin123';

export type DeptSeed = { key: string; name: string; parent?: string; leader: string; email: string };
export const departments: DeptSeed[] = [
  { key: 'head', name: 'Head Office', leader: 'Alex Admin', email: 'office@example.com' },
  { key: 'east', name: 'Sales East', parent: 'head', leader: 'Emma Stone', email: 'east@example.com' },
  { key: 'eastKey', name: 'Key Accounts East', parent: 'east', leader: 'Grace Hall', email: 'east-key@example.com' },
  { key: 'west', name: 'Sales West', parent: 'head', leader: 'Liam Brooks', email: 'west@example.com' },
  { key: 'marketing', name: 'Marketing', parent: 'head', leader: 'Mia Chen', email: 'marketing@example.com' },
  { key: 'support', name: 'Support', parent: 'head', leader: 'Sophia Reed', email: 'support@example.com' },
];

const crmAll = [P.leads, P.opportunity, P.account, P.contact, P.task, P.activity, P.massEmail, P.campaign, P.report, P.dashboard, P.calendar, P.approval].flatMap((g) => Object.values(g));
const viewOnly = [...[P.leads, P.opportunity, P.account, P.contact, P.task, P.activity, P.campaign, P.report, P.dashboard].flatMap((g) => [g.list, g.query]), P.calendar.list];
const work = (g: { list: string; query: string; add: string; edit: string; export: string }) => [g.list, g.query, g.add, g.edit, g.export];

/** `landsOn`: the built-in dashboard (its key) the role's holders land on at `/`. */
export type RoleSeed = { key: string; name: string; sort: number; dataScope: '1' | '2' | '3' | '4' | '5'; remark: string; permissions: Permission[]; landsOn?: string };
export const roles: RoleSeed[] = [
  { key: 'admin', name: 'Administrator', sort: 1, dataScope: '1', remark: 'Full access to everything', permissions: [] },
  {
    key: 'sales_manager', name: 'Sales Manager', sort: 2, dataScope: '4', remark: 'Runs a sales team: its department and below', landsOn: 'sales',
    permissions: [...crmAll, P.setupFields.list, P.sharing.share] as Permission[],
  },
  {
    key: 'sales_rep', name: 'Sales Representative', sort: 3, dataScope: '5', remark: 'Works their own records only', landsOn: 'sales',
    permissions: [
      ...work(P.leads), P.leads.convert, ...work(P.opportunity), ...work(P.account), ...work(P.contact), ...work(P.task), P.task.remove, ...work(P.activity), P.activity.remove, P.massEmail.send, P.calendar.list,
      // Submitting records for approval and following them in My approvals (issue 34).
      P.approval.list,
      P.campaign.list, P.campaign.query, P.dashboard.list, P.dashboard.query, P.sharing.share,
      // Their own reports (private until they share them; only the author changes one).
      P.report.list, P.report.query, P.report.add, P.report.edit, P.report.remove,
    ] as Permission[],
  },
  {
    key: 'marketing', name: 'Marketing', sort: 4, dataScope: '3', remark: 'Campaigns and reports',
    permissions: [
      ...Object.values(P.campaign), ...Object.values(P.report), P.dashboard.list, P.dashboard.query,
      P.leads.list, P.leads.query, P.leads.add, P.leads.export, P.contact.list, P.contact.query, P.contact.export,
      ...work(P.activity), P.massEmail.send, P.sharing.share,
    ] as Permission[],
  },
  { key: 'readonly', name: 'Read Only', sort: 5, dataScope: '1', remark: 'Can look at everything, change nothing', permissions: viewOnly as Permission[] },
];

export type UserSeed = { userName: string; nickName: string; email: string; phone: string; sex: '0' | '1'; dept: string; role: string };
export const users: UserSeed[] = [
  { userName: 'admin', nickName: 'Alex Admin', email: 'admin@example.com', phone: '15888888888', sex: '0', dept: 'head', role: 'admin' },
  { userName: 'it.admin', nickName: 'Iris Tan', email: 'iris.tan@example.com', phone: '15888888801', sex: '1', dept: 'head', role: 'admin' },
  { userName: 'emma.stone', nickName: 'Emma Stone', email: 'emma.stone@example.com', phone: '15888888802', sex: '1', dept: 'east', role: 'sales_manager' },
  { userName: 'liam.brooks', nickName: 'Liam Brooks', email: 'liam.brooks@example.com', phone: '15888888803', sex: '0', dept: 'west', role: 'sales_manager' },
  { userName: 'olivia.park', nickName: 'Olivia Park', email: 'olivia.park@example.com', phone: '15888888804', sex: '1', dept: 'east', role: 'sales_rep' },
  { userName: 'grace.hall', nickName: 'Grace Hall', email: 'grace.hall@example.com', phone: '15888888805', sex: '1', dept: 'eastKey', role: 'sales_rep' },
  { userName: 'noah.king', nickName: 'Noah King', email: 'noah.king@example.com', phone: '15888888806', sex: '0', dept: 'west', role: 'sales_rep' },
  { userName: 'mia.chen', nickName: 'Mia Chen', email: 'mia.chen@example.com', phone: '15888888807', sex: '1', dept: 'marketing', role: 'marketing' },
  { userName: 'lucas.wang', nickName: 'Lucas Wang', email: 'lucas.wang@example.com', phone: '15888888808', sex: '0', dept: 'marketing', role: 'marketing' },
  { userName: 'sophia.reed', nickName: 'Sophia Reed', email: 'sophia.reed@example.com', phone: '15888888809', sex: '1', dept: 'support', role: 'readonly' },
  { userName: 'ethan.cole', nickName: 'Ethan Cole', email: 'ethan.cole@example.com', phone: '15888888810', sex: '0', dept: 'support', role: 'readonly' },
];
