import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseOption } from '../../../../test/antdSelect';
import { dictApi, leadRecord, prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import type { RecordContext } from '../../engine/detail/RecordDetail';
import AddAccountContactsToCampaign from './AddAccountContactsToCampaign';
import AddToCampaignDialog from './AddToCampaignDialog';

const crmApi = vi.hoisted(() => ({ lookupRecords: vi.fn(), lookupUsers: vi.fn(), metaVersionSeen: { use: () => null } }));
const campaignApi = vi.hoisted(() => ({ addRecordsToCampaign: vi.fn(), addAccountContactsToCampaign: vi.fn() }));
vi.mock('../../../../api/crm', () => crmApi);
vi.mock('../../../../api/crmCampaign', () => campaignApi);
vi.mock('../../../../api/system/dict', () => dictApi);

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  crmApi.lookupRecords.mockResolvedValue({ code: 200, msg: '', total: 1, rows: [{ id: 12, label: 'Spring Expo' }] });
  campaignApi.addRecordsToCampaign.mockResolvedValue({ code: 200, msg: '', data: 2 });
  campaignApi.addAccountContactsToCampaign.mockResolvedValue({ code: 200, msg: '', data: 3 });
});

async function chooseCampaign(form: HTMLElement) {
  await chooseOption(within(form).getByRole('combobox', { name: 'Campaign' }), 'Spring Expo');
  fireEvent.click(screen.getByRole('button', { name: 'OK' }));
}

describe('adding to a campaign', () => {
  it('is the same dialog on the contact list as on the lead list, sending the list’s module', async () => {
    const onDone = vi.fn();
    renderCrm(<AddToCampaignDialog module="contact" ids={[4, 5]} open onClose={vi.fn()} onDone={onDone} />);
    expect(await screen.findByText('Add 2 contacts to a campaign')).toBeTruthy();
    await chooseCampaign(await screen.findByTestId('add-to-campaign-form'));
    await waitFor(() => expect(campaignApi.addRecordsToCampaign).toHaveBeenCalledWith('contact', [4, 5], 12, undefined));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(crmApi.lookupRecords).toHaveBeenCalledWith('campaign', expect.anything());
  });

  it('adds an account’s contacts from its page, for users who may edit contacts only', async () => {
    const context = { module: 'account', record: leadRecord({ id: 40, name: 'Northwind' }), reload: vi.fn() } as unknown as RecordContext;
    renderCrm(<AddAccountContactsToCampaign context={context} />);
    fireEvent.click(await screen.findByTestId('account-contacts-to-campaign'));
    expect(await screen.findByText('Add the contacts of Northwind to a campaign')).toBeTruthy();
    await chooseCampaign(await screen.findByTestId('account-contacts-campaign-form'));
    await waitFor(() => expect(campaignApi.addAccountContactsToCampaign).toHaveBeenCalledWith(40, 12, undefined));
  });

  it('offers no such action without contact edit', async () => {
    signInOlivia(['crm:account:query', 'crm:contact:query']);
    const context = { module: 'account', record: leadRecord({ id: 40, name: 'Northwind' }), reload: vi.fn() } as unknown as RecordContext;
    renderCrm(<AddAccountContactsToCampaign context={context} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('account-contacts-to-campaign')).toBeNull();
  });
});
