import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Webhook, WebhookDelivery } from '@orbit/shared/contract/automation';
import { prepareCrmTests, renderCrm, signInOlivia } from '../../../test/crmFixtures';
import WebhooksPage from './index';

const api = vi.hoisted(() => ({
  listWebhooks: vi.fn(), createWebhook: vi.fn(), updateWebhook: vi.fn(), deleteWebhook: vi.fn(), listDeliveries: vi.fn(), resendDelivery: vi.fn(),
  listWorkflowRules: vi.fn(), createWorkflowRule: vi.fn(), updateWorkflowRule: vi.fn(), deleteWorkflowRule: vi.fn(), listWorkflowRuns: vi.fn(),
}));
vi.mock('../../../api/automation', () => api);

const hook: Webhook = { id: 7, name: 'ERP', url: 'https://erp.example.com/orbit', module: 'leads', events: ['created', 'updated'], active: true, createTime: '2026-11-29T09:00:00.000Z' };
const failed: WebhookDelivery = { id: 31, event: 'created', status: 'failed', attempts: 5, statusCode: 503, error: 'The URL answered HTTP 503', time: '2026-11-29T09:01:00.000Z', finishTime: '2026-11-29T09:02:00.000Z' };

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia(['system:webhook:list', 'system:webhook:add', 'system:webhook:edit', 'system:webhook:remove']);
  api.listWebhooks.mockResolvedValue({ code: 200, msg: '', data: [hook] });
  api.listDeliveries.mockResolvedValue({ code: 200, msg: '', total: 1, rows: [failed] });
  api.resendDelivery.mockResolvedValue({ code: 200, msg: '', data: 32 });
  api.createWebhook.mockResolvedValue({ code: 200, msg: '', data: { id: 8, secret: 'whsec_0123456789abcdef' } });
});

describe('System › Webhooks', () => {
  it('lists the webhooks with their events, and shows a delivery log with resend', async () => {
    renderCrm(<WebhooksPage />);
    const table = await screen.findByTestId('webhook-table');
    const row = (await within(table).findByText('ERP')).closest('tr')!;
    expect(row.textContent).toContain('https://erp.example.com/orbit');
    expect(row.textContent).toContain('Created');
    expect(row.textContent).toContain('Updated');
    fireEvent.click(screen.getByTestId('webhook-deliveries-7'));
    const deliveries = await screen.findByTestId('delivery-table');
    expect(await within(deliveries).findByText('The URL answered HTTP 503')).toBeTruthy();
    expect(deliveries.textContent).toContain('503');
    fireEvent.click(within(deliveries).getByTestId('resend-31'));
    await waitFor(() => expect(api.resendDelivery).toHaveBeenCalledWith(7, 31));
  });

  it('creates a webhook and shows its secret once', async () => {
    renderCrm(<WebhooksPage />);
    fireEvent.click(await screen.findByTestId('new-webhook'));
    const dialog = await screen.findByTestId('webhook-dialog');
    fireEvent.change(within(dialog).getByTestId('webhook-name'), { target: { value: 'Billing' } });
    fireEvent.change(within(dialog).getByTestId('webhook-url'), { target: { value: 'https://billing.example.com/in' } });
    fireEvent.click(screen.getByRole('button', { name: /OK|Save|Confirm/ }));
    await waitFor(() => expect(api.createWebhook).toHaveBeenCalledWith({ name: 'Billing', url: 'https://billing.example.com/in', module: 'leads', events: ['created'], active: true }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toContain('whsec_0123456789abcdef');
    expect(screen.getByText('Copy it now: it is shown only this once.')).toBeTruthy();
  });

  it('says when there are none', async () => {
    api.listWebhooks.mockResolvedValueOnce({ code: 200, msg: '', data: [] });
    renderCrm(<WebhooksPage />);
    expect(await screen.findByText('No webhooks yet')).toBeTruthy();
  });
});
