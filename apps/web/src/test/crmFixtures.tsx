import { cleanup } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { RouterVo } from '@orbit/shared/contract/auth';
import type { CrmRecord, FieldMeta, LayoutMeta, ListViewMeta, ModuleMeta } from '@orbit/shared/contract/crm';
import type { DictValue } from '@orbit/shared/contract/dict';
import type { FieldType } from '@orbit/shared/crm/fieldTypes';
import { CRM_MODULES, type CrmModule } from '@orbit/shared/crm/modules';
import { loadAllTexts } from '../i18n/i18n';
import { setSession } from '../store/session';
import { renderWithProviders } from './renderWithProviders';

/**
 * What every records-engine test file needs: the texts loaded and a clean page after each test (the
 * time a whole antd page takes in jsdom on a busy machine is given to every web test: vitest.config.ts
 * and test/setup.ts).
 */
export function prepareCrmTests(): void {
  beforeAll(async () => {
    await loadAllTexts();
  });
  afterEach(cleanup);
}

/**
 * A leads module as the server describes it (a small part of leads.seed.ts), with the
 * dictionaries and the signed-in user the records engine's tests need.
 */
let nextId = 1;
export function field(name: string, type: FieldType, label: string, extra: Partial<FieldMeta> = {}): FieldMeta {
  return {
    id: nextId++,
    name,
    type,
    label,
    labelEn: label,
    labelZh: label,
    help: '',
    required: false,
    requiredMessage: null,
    unique: false,
    readOnly: false,
    system: false,
    standard: true,
    maxLength: null,
    decimals: null,
    dictType: null,
    lookupModule: null,
    relatedModules: null,
    sortable: true,
    filterable: true,
    searchable: false,
    defaultValue: null,
    order: nextId,
    ...extra,
  };
}

export const leadFields = {
  firstName: field('firstName', 'text', 'First Name', { maxLength: 80 }),
  lastName: field('lastName', 'text', 'Last Name', { maxLength: 80, required: true, requiredMessage: 'validation.lastNameRequired' }),
  company: field('company', 'text', 'Company'),
  email: field('email', 'email', 'Email', { maxLength: 100 }),
  phone: field('phone', 'phone', 'Phone', { sortable: false }),
  website: field('website', 'url', 'Website', { sortable: false, filterable: false }),
  status: field('status', 'picklist', 'Lead Status', { dictType: 'crm_lead_status', required: true, defaultValue: 'new' }),
  rating: field('rating', 'picklist', 'Rating', { dictType: 'crm_rating' }),
  annualRevenue: field('annualRevenue', 'currency', 'Annual Revenue'),
  employees: field('employees', 'number', 'Employees', { decimals: 0 }),
  description: field('description', 'textarea', 'Description', { filterable: false, sortable: false }),
  campaignId: field('campaignId', 'lookup', 'Campaign', { lookupModule: 'campaign' }),
  convertedAt: field('convertedAt', 'datetime', 'Converted', { readOnly: true }),
  recordTypeId: field('recordTypeId', 'lookup', 'Record Type', { lookupModule: 'recordType', system: true }),
  ownerId: field('ownerId', 'lookup', 'Owner', { lookupModule: 'user', system: true, required: true }),
  deptId: field('deptId', 'lookup', 'Department', { lookupModule: 'dept', system: true, readOnly: true, sortable: false }),
  createTime: field('createTime', 'datetime', 'Created', { system: true, readOnly: true }),
};

const layout = (id: number, recordTypeId: number, emailRequired: boolean): LayoutMeta => ({
  id,
  name: `Layout ${id}`,
  recordTypeId,
  isTemplate: false,
  sections: [
    {
      key: 'main',
      title: 'Lead Information',
      titleEn: 'Lead Information',
      titleZh: '线索信息',
      columns: 2,
      fields: [
        { field: 'firstName' },
        { field: 'lastName' },
        { field: 'company' },
        { field: 'email', required: emailRequired },
        { field: 'phone' },
        { field: 'website' },
        { field: 'status' },
        { field: 'rating' },
        { field: 'annualRevenue' },
        { field: 'employees' },
        { field: 'campaignId' },
        { field: 'convertedAt' },
      ],
    },
    { key: 'description', title: 'Description', titleEn: 'Description', titleZh: '描述', columns: 1, fields: [{ field: 'description' }] },
    { key: 'system', title: 'System Information', titleEn: 'System Information', titleZh: '系统信息', columns: 2, fields: [{ field: 'ownerId' }, { field: 'recordTypeId' }, { field: 'createTime' }] },
  ],
});

const view = (id: number, label: string, extra: Partial<ListViewMeta> = {}): ListViewMeta => ({
  id,
  name: label,
  label,
  ownerId: null,
  shared: false,
  builtIn: true,
  columns: ['lastName', 'firstName', 'company', 'status'],
  sortField: null,
  sortOrder: 'desc',
  filter: null,
  ownerScope: 'all',
  canEdit: false,
  ...extra,
});

export const leadsMeta: ModuleMeta = {
  module: 'leads',
  moduleId: 0,
  version: 1,
  nameFields: ['firstName', 'lastName'],
  fields: Object.values(leadFields),
  recordTypes: [
    { id: 1, name: 'standard', label: 'Standard', labelEn: 'Standard', labelZh: '标准', description: 'Own leads', active: true, isDefault: true, layoutId: 11 },
    { id: 2, name: 'partner', label: 'Partner', labelEn: 'Partner', labelZh: '合作伙伴', description: 'From partners', active: true, isDefault: false, layoutId: 12 },
  ],
  layouts: [layout(11, 1, false), layout(12, 2, true)],
  listViews: [
    view(101, 'All Leads'),
    view(102, 'Hot Leads', {
      columns: ['lastName', 'company', 'rating'],
      sortField: 'company',
      sortOrder: 'asc',
      filter: { field: 'rating', op: 'eq', value: 'hot' },
      ownerScope: 'mine',
    }),
  ],
  relatedLists: [],
  path: null,
  board: { field: 'status', sums: [] },
};

/** A module without record types, one section of the given fields (the parts of other modules a lead's conversion creates). */
export function simpleMeta(module: ModuleMeta['module'], nameField: string, fields: FieldMeta[]): ModuleMeta {
  return {
    module,
    moduleId: 0,
    version: 1,
    nameFields: [nameField],
    fields,
    recordTypes: [],
    layouts: [
      {
        id: 1,
        name: 'Layout',
        recordTypeId: null,
        isTemplate: false,
        sections: [{ key: 'main', title: 'Information', titleEn: 'Information', titleZh: '信息', columns: 2, fields: fields.map((f) => ({ field: f.name })) }],
      },
    ],
    listViews: [view(201, 'All', { columns: [nameField] })],
    relatedLists: [],
    path: null,
    board: { field: fields.find((f) => f.type === 'picklist')?.name ?? null, sums: [] },
  };
}

export const accountMeta = simpleMeta('account', 'name', [field('name', 'text', 'Account Name', { required: true, maxLength: 255 })]);
export const opportunityMeta = simpleMeta('opportunity', 'name', [
  field('name', 'text', 'Opportunity Name', { required: true, maxLength: 255 }),
  field('closeDate', 'date', 'Close Date', { required: true }),
  field('stage', 'picklist', 'Stage', { required: true, dictType: 'crm_opportunity_stage', defaultValue: 'prospecting' }),
  field('amount', 'currency', 'Amount'),
]);
export const taskMeta = simpleMeta('task', 'subject', [field('subject', 'text', 'Subject', { required: true, maxLength: 255 }), field('dueDate', 'date', 'Due Date')]);

/** `getModuleMeta` answering the metadata of leads and of the modules a conversion creates. */
export const metaOf = async (module: string) => ({ code: 200, data: { leads: leadsMeta, account: accountMeta, opportunity: opportunityMeta, task: taskMeta }[module] });

/** A lead as `GET /crm/leads/{id}` answers it (Olivia Park of Acme, version 4). */
export function leadRecord(values: Record<string, unknown> = {}): CrmRecord {
  return {
    id: 7,
    recordTypeId: 1,
    ownerId: 5,
    deptId: 3,
    version: 4,
    createTime: '2026-11-20T09:00:00.000Z',
    updateTime: null,
    createBy: 5,
    updateBy: null,
    firstName: 'Olivia',
    lastName: 'Park',
    company: 'Acme',
    email: 'olivia@acme.com',
    status: 'new',
    annualRevenue: '125000.00',
    employees: 40,
    ...values,
  } as CrmRecord;
}

const dictValue = (dictType: string, dictValue: string, dictLabel: string, listClass = ''): DictValue => ({
  dictCode: 0,
  dictSort: 0,
  dictLabel,
  dictValue,
  dictType,
  listClass,
  cssClass: '',
  isDefault: 'N',
  status: '0',
  extra: null,
});

export const dictionaries: Record<string, DictValue[]> = {
  crm_lead_status: [dictValue('crm_lead_status', 'new', 'New', 'info'), dictValue('crm_lead_status', 'qualified', 'Qualified', 'success')],
  crm_rating: [dictValue('crm_rating', 'hot', 'Hot', 'danger'), dictValue('crm_rating', 'cold', 'Cold', 'info')],
  crm_opportunity_stage: [dictValue('crm_opportunity_stage', 'prospecting', 'Prospecting'), dictValue('crm_opportunity_stage', 'proposal', 'Proposal')],
  crm_campaign_member_status: [dictValue('crm_campaign_member_status', 'sent', 'Sent', 'info'), dictValue('crm_campaign_member_status', 'responded', 'Responded', 'success')],
  crm_contact_role: [dictValue('crm_contact_role', 'decision_maker', 'Decision Maker', 'danger'), dictValue('crm_contact_role', 'influencer', 'Influencer', 'primary')],
};

/** The dictionary endpoint, for `vi.mock('…/api/system/dict', () => dictApi)`. */
export const dictApi = { getDictValues: async (type: string) => ({ code: 200, msg: '', data: dictionaries[type] ?? [] }) };

/** The menu of a business module: its list page and its hidden detail page (as the server's menu seed names them). */
function moduleMenu(module: CrmModule): RouterVo {
  const [dir, title] = module === 'leads' ? ['Leads', 'Leads'] : [module, module];
  return {
    name: dir,
    path: `/${dir}`,
    hidden: false,
    component: 'Layout',
    meta: { title, icon: '', noCache: false, link: null, roles: [], affix: false, breadcrumb: true },
    children: [
      { name: `${dir}Index`, path: `${module}-index`, hidden: false, component: `crm/${module}/index`, meta: { title, icon: '', noCache: false, link: null, roles: [], affix: false, breadcrumb: true } },
      { name: `${dir}Detail`, path: `${module}-detail`, hidden: true, component: `crm/${module}/detail`, meta: { title: `${title} Detail`, icon: '', noCache: true, link: null, roles: [], affix: false, breadcrumb: true } },
    ],
  };
}

/** Olivia Park, signed in with the given permissions (everything by default) and the menus of the given business modules (all by default). */
export function signInOlivia(permissions: string[] = ['*:*:*'], modules: readonly CrmModule[] = CRM_MODULES): void {
  setSession({
    user: {
      userId: 5,
      userName: 'olivia.park',
      nickName: 'Olivia Park',
      email: 'olivia.park@example.com',
      phonenumber: '',
      sex: '1',
      avatar: '',
      introduction: '',
      deptId: 3,
      dept: null,
      loginDate: null,
      createTime: null,
    },
    name: 'Olivia Park',
    avatar: '',
    introduction: '',
    roles: ['sales_rep'],
    permissions,
    isAdmin: false,
    isDefaultModifyPwd: false,
    isPasswordExpired: false,
    pwdChrtype: '0',
    defaultDashboardId: null,
    organisationCurrency: 'USD',
    routers: modules.map(moduleMenu),
  });
}

/** Renders a records-engine component with the query cache, antd's App and a router (record links). */
export function renderCrm(node: ReactNode) {
  return renderWithProviders(<MemoryRouter>{node}</MemoryRouter>);
}
