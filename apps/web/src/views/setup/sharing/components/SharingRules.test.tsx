import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SharingRule } from '@orbit/shared/contract/sharing';
import { changeLanguage, loadAllTexts } from '../../../../i18n/i18n';
import { chooseOption } from '../../../../test/antdSelect';
import { dictApi, metaOf, prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import SharingRules from './SharingRules';

const api = vi.hoisted(() => ({
  listSharingRules: vi.fn(),
  createSharingRule: vi.fn(),
  updateSharingRule: vi.fn(),
  deleteSharingRule: vi.fn(),
  listShareRecipients: vi.fn(),
}));
vi.mock('../../../../api/sharing', () => api);
const crmApi = vi.hoisted(() => ({ getModuleMeta: vi.fn(), lookupRecords: vi.fn(), lookupUsers: vi.fn(), metaVersionSeen: { use: () => null } }));
vi.mock('../../../../api/crm', () => crmApi);
vi.mock('../../../../api/system/dict', () => dictApi);

const rule = (values: Partial<SharingRule> = {}): SharingRule => ({
  id: 3,
  name: 'Hot leads to East',
  module: 'leads',
  filter: { field: 'rating', op: 'eq', value: 'hot' },
  recipientKind: 'dept',
  recipientId: 4,
  recipientName: 'Sales East',
  canWrite: false,
  state: 'done',
  done: 120,
  total: 120,
  matched: 17,
  updateTime: '2026-11-29T08:00:00.000Z',
  ...values,
});

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  crmApi.getModuleMeta.mockImplementation(metaOf);
  api.listShareRecipients.mockImplementation(async (kind: string) => ({ data: kind === 'role' ? [{ id: 2, label: 'Sales Rep' }] : [{ id: 4, label: 'Sales East' }] }));
});

describe('Set-up › Sharing › Sharing rules', () => {
  it('lists each rule with its recipient, access, matches and progress; polls while a recalculation runs', async () => {
    api.listSharingRules
      .mockResolvedValueOnce({ data: [rule({ state: 'running', done: 30, total: 120, matched: 4 })] })
      .mockResolvedValue({ data: [rule()] });
    renderCrm(<SharingRules canEdit />);
    expect(screen.getByTestId('sharing-rules-loading')).toBeTruthy();
    const progress = await screen.findByTestId('rule-progress-3');
    expect(progress.textContent).toContain('Running');
    expect(progress.textContent).toContain('25%');
    const row = progress.closest('tr')!;
    expect(row.textContent).toContain('Hot leads to East');
    expect(row.textContent).toContain('Sales East');
    expect(row.textContent).toContain('Department and below');
    // The next poll brings the end of the run.
    await waitFor(() => expect(screen.getByTestId('rule-progress-3').textContent).toContain('Done'), { timeout: 3000 });
    expect(screen.getByTestId('rule-progress-3').closest('tr')!.textContent).toContain('17');
  });

  it('creates a rule with a module, the list filter builder, a recipient and an access level', async () => {
    api.listSharingRules.mockResolvedValue({ data: [] });
    api.createSharingRule.mockResolvedValue({ code: 200, data: 4 });
    renderCrm(<SharingRules canEdit />);
    expect(await screen.findByText('No sharing rules')).toBeTruthy();
    fireEvent.click(screen.getByTestId('rule-add'));
    const form = await screen.findByTestId('sharing-rule-dialog');
    fireEvent.change(within(form).getByTestId('rule-name'), { target: { value: 'Acme to reps' } });
    await screen.findByTestId('filter-builder');
    const condition = screen.getAllByTestId('filter-condition').at(-1)!;
    await chooseOption(within(condition).getByRole('combobox', { name: 'Field' }), 'Company');
    await chooseOption(within(condition).getByRole('combobox', { name: 'Operator' }), 'contains');
    fireEvent.change(within(condition).getByRole('textbox', { name: 'Value' }), { target: { value: 'acme' } });
    fireEvent.click(screen.getByTestId('filter-apply'));
    expect(screen.getByTestId('rule-filter-state').textContent).toBe('A filter is set (apply changes below)');
    await chooseOption(within(form).getByTestId('rule-kind').querySelector('input')!, 'Role');
    await chooseOption(within(form).getByTestId('rule-recipient-role').querySelector('input')!, 'Sales Rep');
    fireEvent.click(within(form).getByTestId('rule-can-write'));
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(api.createSharingRule).toHaveBeenCalledWith({
        name: 'Acme to reps',
        module: 'leads',
        filter: { field: 'company', op: 'contains', value: 'acme' },
        recipientKind: 'role',
        recipientId: 2,
        canWrite: true,
      }),
    );
  });

  it('deletes a rule after asking; without the edit permission there are no buttons', async () => {
    api.listSharingRules.mockResolvedValueOnce({ data: [rule()] }).mockResolvedValue({ data: [] });
    api.deleteSharingRule.mockResolvedValue({ code: 200 });
    const { unmount } = renderCrm(<SharingRules canEdit />);
    fireEvent.click(await screen.findByTestId('rule-delete-3'));
    fireEvent.click(await screen.findByRole('button', { name: /OK|Confirm|Yes/ }));
    await waitFor(() => expect(api.deleteSharingRule).toHaveBeenCalledWith(3));
    await screen.findByText('No sharing rules');
    unmount();

    api.listSharingRules.mockResolvedValue({ data: [rule()] });
    renderCrm(<SharingRules canEdit={false} />);
    await screen.findByTestId('rule-progress-3');
    expect(screen.queryByTestId('rule-add')).toBeNull();
    expect(screen.queryByTestId('rule-delete-3')).toBeNull();
  });

  it('an error state offers a retry, and it speaks Chinese', async () => {
    await loadAllTexts();
    await changeLanguage('zh');
    api.listSharingRules.mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ data: [rule()] });
    renderCrm(<SharingRules canEdit />);
    fireEvent.click(await screen.findByTestId('retry'));
    expect((await screen.findByTestId('rule-progress-3')).textContent).toContain('已完成');
    expect(screen.getByText('共享规则')).toBeTruthy();
    await changeLanguage('en');
  });
});
