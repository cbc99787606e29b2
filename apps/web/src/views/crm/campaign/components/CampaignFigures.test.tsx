import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, loadAllTexts } from '../../../../i18n/i18n';
import { prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import CampaignFigures, { percent } from './CampaignFigures';

const api = vi.hoisted(() => ({ getCampaignFigures: vi.fn() }));
vi.mock('../../../../api/crmCampaign', () => api);

const figures = (extra: Record<string, unknown> = {}) => ({
  withChildren: false, campaigns: 1, members: 40, leadMembers: 30, contactMembers: 10, responses: 10, responseRate: 0.25, convertedLeads: 3,
  opportunities: 4, wonOpportunities: 2, wonAmount: '12500.00', actualCost: '5000.00', roi: 1.5, ...extra,
});
const figure = (key: string) => screen.getByTestId(`figure-${key}`).querySelector('.ant-statistic-content')!.textContent;

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
});
afterEach(async () => {
  await loadAllTexts();
  await changeLanguage('en');
});

describe('the campaign figures card', () => {
  it('shows the figures, money in dollars and rates as percentages', async () => {
    api.getCampaignFigures.mockResolvedValue({ code: 200, data: figures() });
    renderCrm(<CampaignFigures campaignId={9} />);
    await screen.findByTestId('figure-members');
    expect(figure('members')).toBe('40');
    expect(screen.getByTestId('figure-members').textContent).toContain('Leads: 30 · Contacts: 10');
    expect(figure('responseRate')).toBe('25%');
    expect(figure('wonAmount')).toBe('$12,500.00');
    expect(figure('actualCost')).toBe('$5,000.00');
    expect(figure('roi')).toBe('150%');
    expect(screen.getByText('2 won opportunities')).toBeTruthy();
    expect(api.getCampaignFigures).toHaveBeenCalledWith(9, false);
  });

  it('shows — for ROI without a cost and for the response rate without members', async () => {
    api.getCampaignFigures.mockResolvedValue({ code: 200, data: figures({ members: 0, responses: 0, responseRate: null, actualCost: null, roi: null }) });
    renderCrm(<CampaignFigures campaignId={9} />);
    await screen.findByTestId('figure-roi');
    expect(figure('roi')).toBe('—');
    expect(figure('responseRate')).toBe('—');
    expect(figure('actualCost')).toBe('—');
  });

  it('asks again with child campaigns when the switch is turned on', async () => {
    api.getCampaignFigures.mockImplementation(async (_id: number, children: boolean) => ({ code: 200, data: figures(children ? { withChildren: true, campaigns: 3, members: 90 } : {}) }));
    renderCrm(<CampaignFigures campaignId={9} />);
    await screen.findByTestId('figure-members');
    fireEvent.click(screen.getByTestId('figures-children'));
    await waitFor(() => expect(figure('members')).toBe('90'));
    expect(api.getCampaignFigures).toHaveBeenLastCalledWith(9, true);
    expect(screen.getByText('3 campaigns')).toBeTruthy();
  });

  it('in Chinese: Chinese labels, the amounts still in the organisation’s dollars', async () => {
    await changeLanguage('zh');
    api.getCampaignFigures.mockResolvedValue({ code: 200, data: figures() });
    renderCrm(<CampaignFigures campaignId={9} />);
    await screen.findByTestId('figure-members');
    expect(screen.getByText('投资回报率')).toBeTruthy();
    expect(figure('wonAmount')).toContain('US$12,500');
    expect(figure('wonAmount')).not.toMatch(/¥/);
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    api.getCampaignFigures.mockRejectedValue(new Error('down'));
    renderCrm(<CampaignFigures campaignId={9} />);
    expect(await screen.findByRole('button', { name: /retry/i })).toBeTruthy();
  });

  it('formats fractions as percentages', () => {
    expect(percent(0.333, 'en')).toBe('33.3%');
    expect(percent(-0.75, 'en')).toBe('-75%');
    expect(percent(null, 'zh')).toBe('—');
  });

  it('says cost, won amount and ROI were converted when they add other currencies, in both languages', async () => {
    api.getCampaignFigures.mockResolvedValue({ code: 200, data: figures({ currency: 'USD', moneyConverted: true, wonAmount: '1100.01', actualCost: '1000.00' }) });
    renderCrm(<CampaignFigures campaignId={9} />);
    await screen.findByTestId('figure-members');
    expect(figure('wonAmount')).toBe('$1,100.01');
    expect(screen.getByTestId('figure-wonAmount-converted').textContent).toBe('converted to USD');
    expect(screen.getByTestId('figure-roi-converted')).toBeTruthy();
    expect(screen.queryByTestId('figure-members-converted')).toBeNull();
  });

  it('without conversion, no note', async () => {
    api.getCampaignFigures.mockResolvedValue({ code: 200, data: figures({ currency: 'USD' }) });
    renderCrm(<CampaignFigures campaignId={9} />);
    await screen.findByTestId('figure-members');
    expect(screen.queryByTestId('figure-wonAmount-converted')).toBeNull();
  });
});
