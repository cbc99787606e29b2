import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConfigRow } from '@orbit/shared/contract/config';
import { RequestError } from '../../../api/request';
import { prepareCrmTests, renderCrm, signInOlivia } from '../../../test/crmFixtures';
import ConfigPage from './index';

const api = vi.hoisted(() => ({ listConfigs: vi.fn(), getConfig: vi.fn(), addConfig: vi.fn(), updateConfig: vi.fn(), deleteConfigs: vi.fn(), refreshConfigCache: vi.fn() }));
vi.mock('../../../api/system/config', () => api);
vi.mock('../../../api/system/dict', () => ({
  getDictValues: async () => ({ data: [{ dictValue: 'Y', dictLabel: 'Yes', listClass: 'primary' }, { dictValue: 'N', dictLabel: 'No', listClass: 'danger' }] }),
}));

const row = (configId: number, configKey: string, extra: Partial<ConfigRow>): ConfigRow => ({
  configId,
  configName: configKey,
  configKey,
  configValue: '',
  configType: 'Y',
  remark: '',
  createBy: 'seed',
  createTime: '2026-11-24T09:00:00.000Z',
  updateBy: '',
  updateTime: null,
  ...extra,
});
// As the server sends them: the value in force, and whether a built-in setting follows its default.
const rows = [
  row(1, 'sys.account.captchaEnabled', { configName: 'Captcha on the sign-in page (true / false)', configValue: 'true', defaultValue: 'true', usesDefault: true }),
  row(2, 'sys.login.maxRetryCount', { configName: 'Wrong passwords before sign-in is locked', configValue: '4', defaultValue: '5', usesDefault: false }),
  row(3, 'sys.index.skinName', { configName: 'Skin', configValue: 'skin-blue', configType: 'N' }),
];

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia(['system:config:list', 'system:config:edit', 'system:config:add', 'system:config:remove']);
  api.listConfigs.mockResolvedValue({ code: 200, msg: '', total: 3, rows });
  api.updateConfig.mockResolvedValue({ code: 200 });
});

describe('System › Settings', () => {
  it('lists the settings: a built-in one without its own value shows its default, only own keys can be deleted', async () => {
    renderCrm(<ConfigPage />);
    const table = await screen.findByRole('table');
    const captcha = (await within(table).findByText('sys.account.captchaEnabled')).closest('tr')!;
    expect(captcha.textContent).toContain('default (true)');
    expect(within(captcha).queryByRole('button', { name: /Delete/ })).toBeNull();
    const skin = within(table).getByText('sys.index.skinName').closest('tr')!;
    expect(skin.textContent).toContain('skin-blue');
    expect(within(skin).getByRole('button', { name: /Delete/ })).toBeTruthy();
    expect(screen.queryByTestId('list-export')).toBeNull();
  });

  it('edits a built-in setting: name and key fixed, the default named, a refused value shown on the field', async () => {
    api.updateConfig.mockRejectedValueOnce(new RequestError('Setting value must be a whole number from 3 to 10', 400, { configValue: 'Setting value must be a whole number from 3 to 10' }));
    renderCrm(<ConfigPage />);
    const retries = (await screen.findByText('sys.login.maxRetryCount')).closest('tr')!;
    fireEvent.click(within(retries).getByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Leave the value empty to use the default (5)');
    expect((within(dialog).getByLabelText('Key') as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).disabled).toBe(true);
    const value = within(dialog).getByLabelText('Value');
    fireEvent.change(value, { target: { value: '50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Setting value must be a whole number from 3 to 10')).toBeTruthy();
    expect(api.updateConfig).toHaveBeenCalledWith(expect.objectContaining({ configId: 2, configKey: 'sys.login.maxRetryCount', configValue: '50' }));
    fireEvent.change(value, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.updateConfig).toHaveBeenLastCalledWith(expect.objectContaining({ configId: 2, configValue: '' })));
  });

  it('edits a setting that follows its default: the value field starts empty, and saving it unchanged keeps the default', async () => {
    renderCrm(<ConfigPage />);
    const captcha = (await screen.findByText('sys.account.captchaEnabled')).closest('tr')!;
    fireEvent.click(within(captcha).getByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Value') as HTMLTextAreaElement).value).toBe('');
    expect((within(dialog).getByLabelText('Value') as HTMLTextAreaElement).placeholder).toBe('Default: true');
    fireEvent.change(within(dialog).getByLabelText('Remark'), { target: { value: 'keep it' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.updateConfig).toHaveBeenCalledWith(expect.objectContaining({ configId: 1, configValue: '', remark: 'keep it' })));
  });
});
