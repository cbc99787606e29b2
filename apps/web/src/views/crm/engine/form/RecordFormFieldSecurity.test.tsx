import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CrmRecord, ModuleMeta } from '@orbit/shared/contract/crm';
import { dictApi, leadRecord, leadsMeta, prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import RecordForm from './RecordForm';

const api = vi.hoisted(() => ({ createRecord: vi.fn(), updateRecord: vi.fn(), lookupRecords: vi.fn(), lookupUsers: vi.fn() }));
vi.mock('../../../../api/crm', () => api);
vi.mock('../../../../api/system/dict', () => dictApi);

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  api.createRecord.mockResolvedValue({ code: 200, data: 31 });
  api.updateRecord.mockImplementation(async (_m, update: CrmRecord) => ({ code: 200, data: { ...lead, ...update, version: lead.version + 1 }, lookups: {} }));
});

const lead = leadRecord({ rating: 'hot', phone: null, website: null, description: null, campaignId: null, convertedAt: null });

/**
 * The metadata as the server answers it to a role for which a lead's company is hidden and its
 * rating read-only (field-level security): company gone from the fields and the layouts, rating
 * `readOnly` in both. The form needs nothing else to honour it.
 */
const secured: ModuleMeta = {
  ...leadsMeta,
  fields: leadsMeta.fields.filter((f) => f.name !== 'company').map((f) => (f.name === 'rating' ? { ...f, readOnly: true } : f)),
  layouts: leadsMeta.layouts.map((l) => ({
    ...l,
    sections: l.sections.map((s) => ({ ...s, fields: s.fields.filter((i) => i.field !== 'company').map((i) => (i.field === 'rating' ? { ...i, readOnly: true } : i)) })),
  })),
};

const renderForm = (mode: 'create' | 'edit', onSaved = vi.fn()) =>
  renderCrm(
    <RecordForm
      module="leads"
      meta={secured}
      target={mode === 'create' ? { mode, recordTypeId: 1 } : { mode, record: lead, lookups: { user: { 5: 'Olivia Park' } } }}
      onClose={vi.fn()}
      onSaved={onSaved}
    />,
  );

describe('RecordForm under field-level security', () => {
  it('edit: shows the read-only field as a value, not an input, leaves the hidden one out, and never sends either', async () => {
    const onSaved = vi.fn();
    renderForm('edit', onSaved);
    const lastName = await screen.findByLabelText('Last Name');
    expect(screen.getByText('Rating')).toBeTruthy();
    expect(screen.queryByLabelText('Rating')).toBeNull();
    expect(await screen.findByText('Hot')).toBeTruthy();
    expect(screen.queryByText('Company')).toBeNull();
    expect(screen.queryByDisplayValue('Acme')).toBeNull();
    fireEvent.change(lastName, { target: { value: 'Changed' } });
    fireEvent.click(screen.getByTestId('record-form-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = api.updateRecord.mock.calls[0]![1] as Record<string, unknown>;
    expect(body).toMatchObject({ lastName: 'Changed' });
    expect(body).not.toHaveProperty('rating');
    expect(body).not.toHaveProperty('company');
  });

  it('create: neither field is offered', async () => {
    renderForm('create');
    await screen.findByLabelText('Last Name');
    expect(screen.queryByText('Rating')).toBeNull();
    expect(screen.queryByText('Company')).toBeNull();
  });
});
