import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModuleMeta } from '@orbit/shared/contract/crm';
import { dictApi, dictionaries, field, leadRecord, leadsMeta, prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import StagePath from './StagePath';

const api = vi.hoisted(() => ({ updateRecord: vi.fn(), lookupUsers: vi.fn(), lookupRecords: vi.fn(), metaVersionSeen: { use: () => null } }));
vi.mock('../../../../api/crm', () => api);
vi.mock('../../../../api/system/dict', () => dictApi);

// A lead's statuses as the seed has them: three open, then unqualified (danger) and converted.
const entry = (dictValue: string, dictLabel: string, listClass = '') => ({ ...dictionaries.crm_lead_status![0]!, dictType: 'crm_path_status', dictValue, dictLabel, listClass });
dictionaries.crm_path_status = [entry('new', 'New'), entry('contacted', 'Contacted'), entry('qualified', 'Qualified'), entry('unqualified', 'Unqualified', 'danger'), entry('converted', 'Converted', 'success')];
const status = field('status', 'picklist', 'Lead Status', { dictType: 'crm_path_status', required: true });
const meta: ModuleMeta = {
  ...leadsMeta,
  fields: [...leadsMeta.fields.filter((f) => f.name !== 'status'), status],
  path: { field: 'status', closed: ['unqualified', 'converted'], byAction: ['converted'] },
};

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  api.updateRecord.mockImplementation(async (_m: string, update: Record<string, unknown>) => ({ code: 200, data: { ...leadRecord(), ...update }, lookups: {} }));
});

describe('the stage path', () => {
  it('draws the open values in order and one closing step; a click moves the record there with its version', async () => {
    const onSaved = vi.fn();
    renderCrm(<StagePath module="leads" meta={meta} record={leadRecord({ id: 7, version: 3, status: 'contacted' })} canEdit onSaved={onSaved} onReload={vi.fn()} />);
    const path = await screen.findByTestId('stage-path');
    expect([...path.querySelectorAll('.ant-steps-item-title')].map((e) => e.textContent)).toEqual(['New', 'Contacted', 'Qualified', 'Closed']);
    expect(path.querySelector('.ant-steps-item-process .ant-steps-item-title')!.textContent).toBe('Contacted');
    fireEvent.click(within(path).getByText('Qualified'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(api.updateRecord).toHaveBeenCalledWith('leads', { id: 7, version: 3, status: 'qualified' });
  });

  it('closes through a choice that never offers what only an action reaches (converted)', async () => {
    renderCrm(<StagePath module="leads" meta={meta} record={leadRecord({ id: 7, version: 3, status: 'new' })} canEdit onSaved={vi.fn()} onReload={vi.fn()} />);
    const path = await screen.findByTestId('stage-path');
    fireEvent.click(within(path).getByText('Closed'));
    // One closing choice left: it is taken at once.
    await waitFor(() => expect(api.updateRecord).toHaveBeenCalledWith('leads', { id: 7, version: 3, status: 'unqualified' }));
    expect(screen.queryByText('Converted')).toBeNull();
  });

  it('shows a closed record on its closing step, and moves nothing without the right to edit', async () => {
    renderCrm(<StagePath module="leads" meta={meta} record={leadRecord({ id: 7, version: 3, status: 'unqualified' })} canEdit={false} onSaved={vi.fn()} onReload={vi.fn()} />);
    const path = await screen.findByTestId('stage-path');
    expect(path.querySelector('.ant-steps-item-error .ant-steps-item-title')!.textContent).toBe('Unqualified');
    fireEvent.click(within(path).getByText('Qualified'));
    await new Promise((r) => setTimeout(r, 50));
    expect(api.updateRecord).not.toHaveBeenCalled();
  });

  it('asks which way to close when there are several (won or lost)', async () => {
    const both: ModuleMeta = { ...meta, path: { ...meta.path!, byAction: [] } };
    renderCrm(<StagePath module="leads" meta={both} record={leadRecord({ id: 7, version: 3, status: 'qualified' })} canEdit onSaved={vi.fn()} onReload={vi.fn()} />);
    fireEvent.click(within(await screen.findByTestId('stage-path')).getByText('Closed'));
    const choices = await screen.findByTestId('stage-path-close');
    expect(within(choices).getAllByRole('button').map((b) => b.textContent)).toEqual(['Unqualified', 'Converted']);
    expect(api.updateRecord).not.toHaveBeenCalled();
    fireEvent.click(within(choices).getByText('Converted'));
    await waitFor(() => expect(api.updateRecord).toHaveBeenCalledWith('leads', { id: 7, version: 3, status: 'converted' }));
  });
});
