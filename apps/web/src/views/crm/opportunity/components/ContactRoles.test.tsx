import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactRole } from '@orbit/shared/contract/contactRoles';
import { chooseOption } from '../../../../test/antdSelect';
import { dictApi, prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import ContactOpportunities from '../../contact/components/ContactOpportunities';
import ContactRoles from './ContactRoles';

const api = vi.hoisted(() => ({
  listContactRoles: vi.fn(),
  listContactCandidates: vi.fn(),
  addContactRole: vi.fn(),
  updateContactRole: vi.fn(),
  removeContactRole: vi.fn(),
  listOpportunityRolesOfContact: vi.fn(),
}));
vi.mock('../../../../api/crmContactRoles', () => api);
vi.mock('../../../../api/system/dict', () => dictApi);

const role = (id: number, contactId: number, contactName: string | null, extra: Partial<ContactRole> = {}): ContactRole => ({
  id, opportunityId: 9, opportunityName: 'Big Deal', contactId, contactName, accountName: contactName ? 'Contoso' : null, role: 'influencer', isPrimary: false, ...extra,
});

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  api.listContactRoles.mockResolvedValue({ code: 200, msg: '', data: [role(1, 101, 'Ada Lovelace', { isPrimary: true, role: 'decision_maker' }), role(2, 102, null)] });
  api.updateContactRole.mockResolvedValue({ code: 200 });
});

describe('the contact roles of an opportunity', () => {
  it('lists contacts linked, a restricted one unnamed, role and primary', async () => {
    signInOlivia();
    renderCrm(<ContactRoles opportunityId={9} />);
    const link = await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(link.getAttribute('href')).toContain('id=101');
    const card = screen.getByTestId('contact-roles');
    expect(card.textContent).toContain('Contact roles (2)');
    expect(within(card).getByTestId('restricted-record').textContent).toBe('Restricted record');
    expect(within(card).getAllByTestId('contact-role-is-primary')).toHaveLength(1);
  });

  it('makes another contact the primary and changes a role in place', async () => {
    signInOlivia();
    renderCrm(<ContactRoles opportunityId={9} />);
    fireEvent.click(await screen.findByTestId('make-primary-102'));
    await waitFor(() => expect(api.updateContactRole).toHaveBeenCalledWith(9, 2, { isPrimary: true }));
    await chooseOption(within(screen.getByTestId('contact-role-select-101')).getByRole('combobox'), 'Influencer');
    await waitFor(() => expect(api.updateContactRole).toHaveBeenCalledWith(9, 1, { role: 'influencer' }));
  });

  it('says so when empty, and offers no changes to a user who may not edit opportunities', async () => {
    signInOlivia(['crm:opportunity:list', 'crm:opportunity:query']);
    api.listContactRoles.mockResolvedValue({ code: 200, msg: '', data: [] });
    renderCrm(<ContactRoles opportunityId={9} />);
    expect((await screen.findByTestId('contact-roles-empty')).textContent).toBe('No contacts have a role on this opportunity yet');
    expect(screen.queryByTestId('add-contact-role')).toBeNull();
  });

  it('on the contact: the opportunities with role and primary', async () => {
    signInOlivia();
    api.listOpportunityRolesOfContact.mockResolvedValue({ code: 200, msg: '', data: [role(1, 101, 'Ada Lovelace', { isPrimary: true, role: 'decision_maker' })] });
    renderCrm(<ContactOpportunities contactId={101} />);
    const link = await screen.findByRole('link', { name: 'Big Deal' });
    expect(link.getAttribute('href')).toContain('id=9');
    const card = screen.getByTestId('contact-opportunities');
    await waitFor(() => expect(card.textContent).toContain('Decision Maker'));
    expect(card.textContent).toContain('Primary');
  });
});
