import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordTeam } from '@orbit/shared/contract/sharing';
import { changeLanguage, loadAllTexts } from '../../../../i18n/i18n';
import { chooseOption } from '../../../../test/antdSelect';
import { prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import TeamPanel from './TeamPanel';

const api = vi.hoisted(() => ({
  getRecordTeam: vi.fn(),
  addTeamMember: vi.fn(),
  removeTeamMember: vi.fn(),
  getRecordSharing: vi.fn(),
}));
vi.mock('../../../../api/sharing', () => api);
const crmApi = vi.hoisted(() => ({ lookupRecords: vi.fn(), lookupUsers: vi.fn(), metaVersionSeen: { use: () => null } }));
vi.mock('../../../../api/crm', () => crmApi);

const team = (values: Partial<RecordTeam> = {}): RecordTeam => ({
  canManage: true,
  members: [
    { id: 21, userId: 5, userName: 'Olivia Park', teamRole: 'accountManager', canWrite: false, addedByName: 'Noah King', createdAt: '2026-11-28T09:00:00.000Z' },
    { id: 22, userId: 2, userName: 'Emma Stone', teamRole: 'executiveSponsor', canWrite: true, addedByName: 'Noah King', createdAt: '2026-11-28T09:00:00.000Z' },
  ],
  ...values,
});

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  crmApi.lookupUsers.mockResolvedValue({ code: 200, msg: '', total: 1, rows: [{ id: 7, label: 'Grace Hall' }] });
});

describe("an account's or opportunity's Team panel", () => {
  it('shows a loading state, then each member with their team role and access level', async () => {
    api.getRecordTeam.mockResolvedValue({ data: team() });
    renderCrm(<TeamPanel module="account" id={40} />);
    expect(screen.getByTestId('team-loading')).toBeTruthy();
    await screen.findByTestId('team-list');
    expect(screen.getByText('Team members see the account, its opportunities and contacts at their access level.')).toBeTruthy();
    const olivia = screen.getByTestId('team-row-21');
    expect(within(olivia).getByText('Olivia Park')).toBeTruthy();
    expect(olivia.textContent).toContain('Account manager');
    expect(olivia.textContent).toContain('Read');
    expect(screen.getByTestId('team-row-22').textContent).toContain('Executive sponsor');
    expect(screen.getByTestId('team-row-22').textContent).toContain('Read/write');
    expect(api.getRecordTeam).toHaveBeenCalledWith('account', 40);
  });

  it('adds a member with a team role and an access level, and refreshes', async () => {
    api.getRecordTeam.mockResolvedValue({ data: team({ members: [] }) });
    api.addTeamMember.mockResolvedValue({ code: 200 });
    renderCrm(<TeamPanel module="opportunity" id={9} />);
    expect(await screen.findByText('No team members')).toBeTruthy();
    fireEvent.click(screen.getByTestId('team-add'));
    const form = await screen.findByTestId('team-form');
    await chooseOption(within(form).getByRole('combobox', { name: 'User' }), 'Grace Hall');
    await chooseOption(within(form).getByRole('combobox', { name: 'Team role' }), 'Sales engineer');
    fireEvent.click(within(form).getByTestId('team-can-write'));
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.addTeamMember).toHaveBeenCalledWith('opportunity', 9, { userId: 7, teamRole: 'salesEngineer', canWrite: true }));
    await waitFor(() => expect(api.getRecordTeam).toHaveBeenCalledTimes(2));
  });

  it('removes a member after asking', async () => {
    api.getRecordTeam.mockResolvedValueOnce({ data: team() }).mockResolvedValue({ data: team({ members: team().members.slice(1) }) });
    api.removeTeamMember.mockResolvedValue({ code: 200 });
    renderCrm(<TeamPanel module="account" id={40} />);
    fireEvent.click(await screen.findByTestId('team-remove-21'));
    fireEvent.click(await screen.findByRole('button', { name: /OK|Confirm|Yes/ }));
    await waitFor(() => expect(api.removeTeamMember).toHaveBeenCalledWith('account', 40, 21));
    await waitFor(() => expect(screen.queryByTestId('team-row-21')).toBeNull());
  });

  it('someone who may not manage the team sees it without add or remove buttons', async () => {
    api.getRecordTeam.mockResolvedValue({ data: team({ canManage: false }) });
    renderCrm(<TeamPanel module="account" id={40} />);
    await screen.findByTestId('team-row-21');
    expect(screen.queryByTestId('team-add')).toBeNull();
    expect(screen.queryByTestId('team-remove-21')).toBeNull();
  });

  it('an error state offers a retry', async () => {
    api.getRecordTeam.mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ data: team() });
    renderCrm(<TeamPanel module="account" id={40} />);
    fireEvent.click(await screen.findByTestId('retry'));
    await screen.findByTestId('team-row-21');
  });

  it('speaks Chinese', async () => {
    await loadAllTexts();
    await changeLanguage('zh');
    api.getRecordTeam.mockResolvedValue({ data: team() });
    renderCrm(<TeamPanel module="account" id={40} />);
    await screen.findByTestId('team-list');
    expect(screen.getByTestId('team-row-21').textContent).toContain('客户经理');
    expect(screen.getByText('团队')).toBeTruthy();
    await changeLanguage('en');
  });
});
