import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssignmentRule } from '@orbit/shared/contract/automation';
import { changeLanguage, loadAllTexts } from '../../../../i18n/i18n';
import { chooseOption } from '../../../../test/antdSelect';
import { metaOf, prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import AssignmentTab from './AssignmentTab';

const api = vi.hoisted(() => ({
  listAssignmentRules: vi.fn(),
  assignmentTargets: vi.fn(),
  createAssignmentRule: vi.fn(),
  updateAssignmentRule: vi.fn(),
  deleteAssignmentRule: vi.fn(),
  reorderAssignmentRules: vi.fn(),
}));
vi.mock('../../../../api/automation', () => api);
const crmApi = vi.hoisted(() => ({ getModuleMeta: vi.fn(), lookupUsers: vi.fn(), lookupRecords: vi.fn(), metaVersionSeen: { use: () => null } }));
vi.mock('../../../../api/crm', () => crmApi);

const rule = (id: number, name: string, extra: Partial<AssignmentRule> = {}): AssignmentRule => ({
  id, module: 'leads', position: id, name, active: true, conditions: null, target: 'user', targetId: 7, targetName: 'Noah King', updateTime: null, ...extra,
});

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  crmApi.getModuleMeta.mockImplementation(metaOf);
  crmApi.lookupUsers.mockResolvedValue({ rows: [{ id: 7, label: 'Noah King' }], total: 1 });
  api.assignmentTargets.mockResolvedValue({ data: { depts: [{ id: 4, label: 'Sales West' }], roles: [{ id: 3, label: 'Sales Representative' }] } });
  api.createAssignmentRule.mockResolvedValue({ data: 9 });
  api.reorderAssignmentRules.mockResolvedValue({ code: 200 });
});
afterEach(async () => {
  await loadAllTexts();
  await changeLanguage('en');
});

describe('Set-up › Leads › Assignment', () => {
  it('lists the entries in order with whom they assign to, and moves one down', async () => {
    api.listAssignmentRules.mockResolvedValue({ data: [rule(1, 'Big deals', { conditions: { and: [{ field: 'company', op: 'eq', value: 'Big' }] } }), rule(2, 'West queue', { target: 'role', targetId: 3, targetName: 'Sales Representative' })] });
    renderCrm(<AssignmentTab module="leads" />);
    const table = await screen.findByTestId('assignment-rule-table');
    await within(table).findByText('Big deals');
    expect(within(table).getByText('A user: Noah King')).toBeTruthy();
    expect(within(table).getByText('A queue (a role’s users, in turn): Sales Representative')).toBeTruthy();
    expect(within(table).getByText('When the conditions are met')).toBeTruthy();
    expect(within(table).getByText('Every lead')).toBeTruthy();
    expect((screen.getByTestId('assignment-up-1') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('assignment-down-1'));
    await waitFor(() => expect(api.reorderAssignmentRules).toHaveBeenCalledWith('leads', [2, 1]));
  });

  it('an empty list says so; a new entry is saved with its department target', async () => {
    api.listAssignmentRules.mockResolvedValue({ data: [] });
    renderCrm(<AssignmentTab module="leads" />);
    await screen.findByText('No assignment rules yet');
    fireEvent.click(screen.getByTestId('new-assignment-rule'));
    const dialog = await screen.findByTestId('assignment-rule-dialog');
    fireEvent.change(within(dialog).getByTestId('assignment-rule-name'), { target: { value: 'West round-robin' } });
    await chooseOption(within(screen.getByTestId('assignment-target')).getByRole('combobox'), 'A department, in turn');
    await chooseOption(within(await screen.findByTestId('assignment-target-group')).getByRole('combobox'), 'Sales West');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.createAssignmentRule).toHaveBeenCalledWith('leads', { name: 'West round-robin', active: true, conditions: null, target: 'dept', targetId: 4 }));
  });

  it('speaks Chinese, and shows no changing buttons to whom may only look', async () => {
    await changeLanguage('zh');
    signInOlivia(['setup:assignment:list']);
    api.listAssignmentRules.mockResolvedValue({ data: [rule(1, 'Big deals', { target: 'dept', targetName: '华东销售部' })] });
    renderCrm(<AssignmentTab module="leads" />);
    await screen.findByText('部门（轮流分配）: 华东销售部');
    expect(screen.getByText('所有线索')).toBeTruthy();
    expect(screen.queryByTestId('new-assignment-rule')).toBeNull();
    expect(screen.queryByTestId('assignment-down-1')).toBeNull();
    expect(screen.queryByTestId('edit-assignment-rule-1')).toBeNull();
  });
});
