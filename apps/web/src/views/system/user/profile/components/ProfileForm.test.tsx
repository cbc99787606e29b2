import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@orbit/shared/contract/auth';
import { changeLanguage, loadAllTexts } from '../../../../../i18n/i18n';
import { renderWithProviders } from '../../../../../test/renderWithProviders';
import ProfileCard from './ProfileCard';
import ProfileForm from './ProfileForm';

vi.mock('../../../../../api/system/dict', () => ({ getDictValues: async () => ({ code: 200, data: [] }) }));

const mia: SessionUser = {
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
};

beforeAll(async () => {
  await loadAllTexts();
});
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

const renderForm = (onSave = vi.fn().mockResolvedValue(undefined)) => {
  renderWithProviders(<ProfileForm profile={mia} onSave={onSave} onRequestEmailChange={vi.fn()} onConfirmEmailChange={vi.fn()} />);
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
