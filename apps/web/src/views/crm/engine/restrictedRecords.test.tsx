import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import type { ReportResult } from '@orbit/shared/contract/report';
import { changeLanguage, loadAllTexts } from '../../../i18n/i18n';
import { field, leadFields, opportunityMeta, prepareCrmTests, renderCrm, signInOlivia } from '../../../test/crmFixtures';
import { useResultLabels } from '../report/components/reportLabels';
import BoardCard from './board/BoardCard';
import { FieldDisplay } from './fieldTypes/FieldDisplay';
import { FieldInput } from './fieldTypes/FieldInput';

const api = vi.hoisted(() => ({ lookupRecords: vi.fn(), lookupUsers: vi.fn(), metaVersionSeen: { use: () => null } }));
vi.mock('../../../api/crm', () => api);

/**
 * A record outside the viewer's scope comes with `null` for its name in an answer's `lookups`
 * (docs/records-engine.md "Related records outside the viewer's scope"): every place that shows a
 * related record shows it the same way — "Restricted record", muted, never a link and never `#id`.
 */
prepareCrmTests();
afterEach(async () => {
  await loadAllTexts();
  await changeLanguage('en');
});

const accountId = field('accountId', 'lookup', 'Account', { lookupModule: 'account' });
const relatedTo = field('relatedTo', 'relatedRecord', 'Related To', { relatedModules: ['leads', 'account'] });

describe('a restricted record', () => {
  it('a lookup shows "Restricted record" without a link, even where the user may open the module; a named one stays a link', () => {
    signInOlivia();
    const { container } = renderCrm(
      <>
        <span data-testid="restricted">
          <FieldDisplay field={accountId} value={9} lookups={{ account: { 9: null } }} />
        </span>
        <span data-testid="named">
          <FieldDisplay field={accountId} value={4} lookups={{ account: { 4: 'Acme' } }} />
        </span>
      </>,
    );
    const restricted = screen.getByTestId('restricted');
    expect(restricted.textContent).toBe('Restricted record');
    expect(restricted.querySelector('a')).toBeNull();
    expect(within(restricted).getByTestId('restricted-record').tagName).toBe('SPAN');
    expect([...container.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Acme']);
  });

  it('a related record names its module, then "Restricted record" without a link; in Chinese too', async () => {
    signInOlivia();
    const { unmount } = renderCrm(<FieldDisplay field={relatedTo} value={{ module: 'account', id: 9 }} lookups={{ account: { 9: null } }} />);
    expect(document.body.textContent).toBe('Account: Restricted record');
    expect(document.querySelector('a')).toBeNull();
    unmount();
    await changeLanguage('zh');
    renderCrm(<FieldDisplay field={relatedTo} value={{ module: 'account', id: 9 }} lookups={{ account: { 9: null } }} />);
    expect(screen.getByTestId('restricted-record').textContent).toBe('受限记录');
  });

  it('a form keeps the value and reads "Restricted record" in the picker, not its id', () => {
    signInOlivia();
    renderCrm(<FieldInput field={leadFields.campaignId} value={9} onChange={() => undefined} lookups={{ campaign: { 9: null } }} />);
    expect(screen.getByText('Restricted record')).toBeTruthy();
    expect(screen.queryByText('#9')).toBeNull();
  });

  it('a board card shows its account as restricted', () => {
    signInOlivia();
    const card = { id: 1, name: 'Deal', stage: 'proposal', amount: '10.00', closeDate: '2026-12-01', accountId: 9, ownerId: 5 } as unknown as CrmRecord;
    const meta = { ...opportunityMeta, fields: [...opportunityMeta.fields, accountId] };
    renderCrm(
      <BoardCard
        module="opportunity"
        meta={meta}
        card={card}
        fields={[accountId, ...opportunityMeta.fields.filter((f) => f.name === 'amount')]}
        lookups={{ account: { 9: null }, user: { 5: 'Olivia Park' } }}
        targets={[]}
        movable={false}
        pending={false}
        onDragStart={() => undefined}
        onMove={() => undefined}
      />,
    );
    expect(screen.getByTestId('restricted-record').textContent).toBe('Restricted record');
    expect([...document.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Deal']);
  });

  it("a report's group of a restricted account reads the same; a named one its name", () => {
    const meta = { ...opportunityMeta, fields: [...opportunityMeta.fields, accountId] };
    const result = {
      format: 'summary', columns: [], rows: [], total: 2, truncated: false,
      groups: [{ ref: 'accountId', label: 'Account', bucket: null, axis: 'row' }],
      aggregates: [{ key: 'a0', fn: 'count', ref: null, label: 'Record Count' }],
      summary: [{ keys: [9], rollup: [false], values: [1] }, { keys: [4], rollup: [false], values: [1] }],
      lookups: { account: { 9: null, 4: 'Acme' } },
    } as ReportResult;
    function Groups() {
      const labels = useResultLabels(result, meta, undefined);
      return <output>{[labels.keyText(0, 9), labels.keyText(0, 4)].join(' | ')}</output>;
    }
    renderCrm(<Groups />);
    expect(screen.getByRole('status').textContent).toBe('Restricted record | Acme');
  });
});
