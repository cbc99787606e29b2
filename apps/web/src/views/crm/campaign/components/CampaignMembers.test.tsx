import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseOption } from '../../../../test/antdSelect';
import { dictApi, prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import CampaignMembers from './CampaignMembers';

const api = vi.hoisted(() => ({
  listCampaignMembers: vi.fn(),
  addCampaignMembers: vi.fn(),
  setMemberStatus: vi.fn(),
  removeCampaignMembers: vi.fn(),
  getCampaignFigures: vi.fn(),
}));
vi.mock('../../../../api/crmCampaign', () => api);
vi.mock('../../../../api/system/dict', () => dictApi);

const member = (id: number, name: string, status = 'sent') => ({
  id, type: 'leads', leadId: 100 + id, contactId: null, name, company: `${name} Ltd`, accountId: null, status, createTime: '2026-11-20T09:00:00.000Z',
});
const contactMember = (id: number, name: string, account: { id: number; name: string | null } | null) => ({
  id, type: 'contact', leadId: null, contactId: 200 + id, name, company: account?.name ?? null, accountId: account?.id ?? null, status: 'sent', createTime: '2026-11-21T09:00:00.000Z',
});

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  api.listCampaignMembers.mockResolvedValue({ code: 200, msg: '', total: 2, rows: [member(1, 'Ada Lovelace'), member(2, 'Ben Carter', 'responded')] });
});

describe('the campaign members list', () => {
  it('lists members with the lead linked, company, status and added on', async () => {
    signInOlivia();
    renderCrm(<CampaignMembers campaignId={9} />);
    const link = await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(link.getAttribute('href')).toContain('id=101');
    expect(screen.getByText('Ben Carter Ltd')).toBeTruthy();
    expect(screen.getByTestId('campaign-members').textContent).toContain('Members (2)');
    expect(api.listCampaignMembers).toHaveBeenCalledWith(9, expect.objectContaining({ pageNum: 1 }));
  });

  it('lists contacts beside leads with their type, linked to the contact and its account, or the account restricted; filters by type', async () => {
    signInOlivia();
    api.listCampaignMembers.mockResolvedValue({
      code: 200, msg: '', total: 3, rows: [contactMember(3, 'Carla Contact', { id: 40, name: 'Northwind' }), contactMember(4, 'Dan Hidden', { id: 41, name: null }), member(1, 'Ada Lovelace')],
    });
    renderCrm(<CampaignMembers campaignId={9} />);
    const carla = await screen.findByRole('link', { name: 'Carla Contact' });
    expect(carla.getAttribute('href')).toBe('/contact/contact-detail?flag=detail&id=203');
    expect(screen.getByRole('link', { name: 'Northwind' }).getAttribute('href')).toBe('/account/account-detail?flag=detail&id=40');
    expect(screen.getAllByTestId('restricted-record')).toHaveLength(1);
    const rows = screen.getByTestId('campaign-members').querySelectorAll('tbody tr[data-row-key]');
    expect([...rows].map((r) => r.querySelector('td:nth-child(2)')?.textContent)).toEqual(['Contact', 'Contact', 'Lead']);
    await chooseOption(within(screen.getByTestId('members-type')).getByRole('combobox'), 'Contact');
    await waitFor(() => expect(api.listCampaignMembers).toHaveBeenLastCalledWith(9, expect.objectContaining({ type: 'contact', pageNum: 1 })));
  });

  it('changes a member status in place and saves it', async () => {
    signInOlivia();
    api.setMemberStatus.mockResolvedValue({ code: 200 });
    renderCrm(<CampaignMembers campaignId={9} />);
    const cell = await screen.findByTestId('member-status-1');
    await chooseOption(within(cell).getByRole('combobox'), 'Responded');
    await waitFor(() => expect(api.setMemberStatus).toHaveBeenCalledWith(1, 'responded'));
    // Saved: the list is fetched again (and with it the figures).
    await waitFor(() => expect(api.listCampaignMembers).toHaveBeenCalledTimes(2));
  });

  it('puts the old status back when the change is refused', async () => {
    signInOlivia();
    api.setMemberStatus.mockRejectedValue(new Error('refused'));
    renderCrm(<CampaignMembers campaignId={9} />);
    const cell = await screen.findByTestId('member-status-1');
    await chooseOption(within(cell).getByRole('combobox'), 'Responded');
    await waitFor(() => expect(api.setMemberStatus).toHaveBeenCalled());
    await waitFor(() => expect(cell.textContent).toContain('Sent'));
  });

  it('shows the status read-only, with no add or remove, to users who may not edit campaigns', async () => {
    signInOlivia(['crm:campaign:query', 'crm:leads:query']);
    renderCrm(<CampaignMembers campaignId={9} />);
    await screen.findByText('Ada Lovelace');
    expect(screen.queryByTestId('member-status-1')).toBeNull();
    expect(screen.getByText('Responded')).toBeTruthy();
    expect(screen.queryByTestId('members-add')).toBeNull();
    expect(screen.queryByTestId('member-remove-1')).toBeNull();
  });

  it('searches the members on the server and says when there are none', async () => {
    signInOlivia();
    renderCrm(<CampaignMembers campaignId={9} />);
    await screen.findByText('Ada Lovelace');
    api.listCampaignMembers.mockResolvedValue({ code: 200, msg: '', total: 0, rows: [] });
    const search = within(screen.getByTestId('members-search')).getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'acme' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(api.listCampaignMembers).toHaveBeenLastCalledWith(9, expect.objectContaining({ q: 'acme', pageNum: 1 })));
  });

  it('removes a member after confirmation', async () => {
    signInOlivia();
    api.removeCampaignMembers.mockResolvedValue({ code: 200, data: 1 });
    renderCrm(<CampaignMembers campaignId={9} />);
    fireEvent.click(await screen.findByTestId('member-remove-2'));
    expect(await screen.findByText('Remove Ben Carter from this campaign? The record itself stays.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.removeCampaignMembers).toHaveBeenCalledWith([2]));
  });

  it('shows an empty state without members', async () => {
    signInOlivia();
    api.listCampaignMembers.mockResolvedValue({ code: 200, msg: '', total: 0, rows: [] });
    renderCrm(<CampaignMembers campaignId={9} />);
    expect(await screen.findByText('No members yet')).toBeTruthy();
  });
});
