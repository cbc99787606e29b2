import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkflowRule } from '@orbit/shared/contract/automation';
import type { SetupModule } from '@orbit/shared/contract/setup';
import { changeLanguage, loadAllTexts } from '../../../../i18n/i18n';
import { chooseOption } from '../../../../test/antdSelect';
import { dictApi, leadsMeta, metaOf, prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import AutomationTab from './AutomationTab';

const api = vi.hoisted(() => ({ listWorkflowRules: vi.fn(), createWorkflowRule: vi.fn(), updateWorkflowRule: vi.fn(), deleteWorkflowRule: vi.fn(), listWorkflowRuns: vi.fn(), listWebhooks: vi.fn() }));
const crmApi = vi.hoisted(() => ({ getModuleMeta: vi.fn(), lookupUsers: vi.fn(), lookupRecords: vi.fn(), metaVersionSeen: { use: () => null } }));
const emailApi = vi.hoisted(() => ({ listEmailTemplates: vi.fn() }));
vi.mock('../../../../api/automation', () => api);
vi.mock('../../../../api/crm', () => crmApi);
vi.mock('../../../../api/crmEmail', () => emailApi);
vi.mock('../../../../api/system/dict', () => dictApi);

const data = { module: 'leads', version: 1, fields: leadsMeta.fields.map((f) => ({ ...f, helpEn: '', helpZh: '', layouts: [], views: 0 })), recordTypes: [], layouts: [], defaultView: null, customFieldLimit: 200 } as unknown as SetupModule;
const qualified: WorkflowRule = {
  id: 4, module: 'leads', name: 'Qualified follow-up', active: true, retrigger: false, conditions: null,
  trigger: { kind: 'fieldChanged', field: 'status', value: 'qualified' },
  actions: [{ kind: 'createTask', subject: 'Call them', owner: 'recordOwner', dueInDays: 2 }],
} as WorkflowRule;

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  crmApi.getModuleMeta.mockImplementation(metaOf);
  api.listWorkflowRules.mockResolvedValue({ data: [qualified] });
  api.listWebhooks.mockResolvedValue({ data: [] });
  api.createWorkflowRule.mockResolvedValue({ data: 5 });
  emailApi.listEmailTemplates.mockResolvedValue({ data: [] });
});
afterEach(async () => {
  await loadAllTexts();
  await changeLanguage('en');
});

describe('Set-up › Leads › Automation', () => {
  it('says when a rule runs with the value as the field shows it: "Lead Status changes to Qualified"', async () => {
    renderCrm(<AutomationTab module="leads" data={data} />);
    const row = (await screen.findByText('Qualified follow-up')).closest('tr')!;
    await waitFor(() => expect(row.textContent).toContain('Lead Status changes toQualified'));
    expect(row.textContent).not.toContain('qualified');
  });

  it('asks the changed-to value with the field\'s own input and saves it as the field keeps it', async () => {
    renderCrm(<AutomationTab module="leads" data={data} />);
    fireEvent.click(await screen.findByTestId('new-workflow-rule'));
    const dialog = await screen.findByTestId('workflow-rule-dialog');
    fireEvent.change(within(dialog).getByTestId('workflow-rule-name'), { target: { value: 'On qualified' } });
    await chooseOption(within(dialog).getByTestId('workflow-trigger').querySelector('input')!, 'A field changes');
    await chooseOption((await within(dialog).findByTestId('workflow-trigger-field')).querySelector('input')!, 'Lead Status');
    // The picklist's own values, not a text box.
    const value = await waitFor(() => {
      const input = dialog.querySelector('#triggerValue') as HTMLElement | null;
      expect(input?.getAttribute('role')).toBe('combobox');
      return input!;
    });
    await chooseOption(value, 'Qualified');
    await chooseOption(within(dialog).getByTestId('workflow-action-kind-0').querySelector('input')!, 'Create a task');
    fireEvent.change(await within(dialog).findByTestId('workflow-task-subject-0'), { target: { value: 'Call them' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.createWorkflowRule).toHaveBeenCalled());
    expect(api.createWorkflowRule.mock.calls[0]![1]).toMatchObject({ name: 'On qualified', trigger: { kind: 'fieldChanged', field: 'status', value: 'qualified' } });
  }, 120_000);

  it('opens a rule with its own actions (the list keeps its values while the dialog mounts)', async () => {
    renderCrm(<AutomationTab module="leads" data={data} />);
    await screen.findByText('Qualified follow-up');
    fireEvent.click(await screen.findByLabelText(/Edit/, { selector: 'button' }));
    const dialog = await screen.findByTestId('workflow-rule-dialog');
    await waitFor(() => expect((within(dialog).getByTestId('workflow-task-subject-0') as HTMLInputElement).value).toBe('Call them'));
    expect(within(dialog).getByTestId('workflow-action-kind-0').textContent).toContain('Create a task');
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh');
    renderCrm(<AutomationTab module="leads" data={data} />);
    const row = (await screen.findByText('Qualified follow-up')).closest('tr')!;
    await waitFor(() => expect(row.textContent).toContain('变为'));
  });
});
