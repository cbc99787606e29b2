import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProfileUser } from '@orbit/shared/contract/user';
import { changeLanguage, loadAllTexts } from '../../../../../i18n/i18n';
import { renderWithProviders } from '../../../../../test/renderWithProviders';
import ProfileCard from './ProfileCard';
import ProfileForm from './ProfileForm';
import { chooseOption, openSelect } from '../../../../../test/antdSelect';

vi.mock('../../../../../api/system/dict', () => ({ getDictValues: async () => ({ code: 200, data: [] }) }));

const mia: ProfileUser = {
  userId: 7,
  userName: 'mia.chen',
  nickName: 'Mia Chen',
  email: 'mia.chen@example.com',
  phonenumber: '',
  sex: '1',
  avatar: '',
  introduction: 'Campaigns and events.',
  deptId: 5,
  dept: { deptId: 5, deptName: 'Marketing' },
  loginDate: null,
  createTime: '2026-11-01T00:00:00.000Z',
  displayCurrency: null,
};

beforeAll(async () => {
  await loadAllTexts();
});
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

const renderForm = (onSave = vi.fn().mockResolvedValue(undefined), profile: ProfileUser = mia) => {
  renderWithProviders(<ProfileForm profile={profile} displayCurrencies={['USD', 'EUR', 'GBP']} onSave={onSave} onRequestEmailChange={vi.fn()} onConfirmEmailChange={vi.fn()} />);
  return onSave;
};

describe('the profile’s introduction', () => {
  it('is edited with the other details and saved with them', async () => {
    const onSave = renderForm();
    const field = (await screen.findByLabelText('Introduction')) as HTMLTextAreaElement;
    expect(field.value).toBe('Campaigns and events.');
    fireEvent.change(field, { target: { value: 'Campaigns, events and the newsletter.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ nickName: 'Mia Chen', introduction: 'Campaigns, events and the newsletter.' })));
  });

  it('refuses more than the limit as the server counts it (double-width characters count 2), in both languages', async () => {
    const onSave = renderForm();
    fireEvent.change(await screen.findByLabelText('Introduction'), { target: { value: '介'.repeat(251) } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Introduction must be at most 500 characters')).toBeTruthy();
    await changeLanguage('zh');
    fireEvent.click(screen.getByRole('button', { name: '提 交' }));
    expect(await screen.findByText('个人简介长度不能超过 500 个字符')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('is shown on the profile card, and says so when there is none', async () => {
    renderWithProviders(<ProfileCard profile={mia} roleGroup="Marketing" onAvatar={vi.fn()} />);
    expect((await screen.findByTestId('profile-introduction')).textContent).toBe('Campaigns and events.');
    cleanup();
    renderWithProviders(<ProfileCard profile={{ ...mia, introduction: '' }} roleGroup="Marketing" onAvatar={vi.fn()} />);
    expect((await screen.findByTestId('profile-introduction')).textContent).toBe('Nothing written yet');
  });
});

describe('the display currency', () => {
  const box = () => screen.getByRole('combobox', { name: 'Display currency' });

  it('follows the organisation currency until chosen, offers the currencies the server allows, and saves the one chosen', async () => {
    const onSave = renderForm();
    expect(await screen.findByText('Organisation currency (USD)')).toBeTruthy();
    expect(await openSelect(box())).toEqual(['Organisation currency (USD)', 'EUR', 'GBP']);
    await chooseOption(box(), 'EUR');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ nickName: 'Mia Chen', displayCurrency: 'EUR' })));
  });

  it('sends null for the organisation currency, so the user follows it if it changes; says so in Chinese', async () => {
    const onSave = renderForm(undefined, { ...mia, displayCurrency: 'GBP' });
    expect(await screen.findByText('GBP')).toBeTruthy();
    await chooseOption(box(), 'Organisation currency (USD)');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ displayCurrency: null })));
    cleanup();
    await changeLanguage('zh');
    renderForm(undefined, { ...mia, displayCurrency: 'GBP' });
    expect(await screen.findByText('显示货币')).toBeTruthy();
    expect(await openSelect(screen.getByRole('combobox', { name: '显示货币' }))).toEqual(['组织货币（USD）', 'EUR', 'GBP']);
  });

  it('reads a choice the server no longer offers (disabled, no rate) as the organisation currency', async () => {
    renderForm(undefined, { ...mia, displayCurrency: 'CHF' });
    expect(await screen.findByText('Organisation currency (USD)')).toBeTruthy();
  });
});
