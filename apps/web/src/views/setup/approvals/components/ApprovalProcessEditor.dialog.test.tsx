import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalProcess } from '@orbit/shared/crm/approvals';
import { dictApi, metaOf, prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import ApprovalProcessEditor from './ApprovalProcessEditor';

const crmApi = vi.hoisted(() => ({ getModuleMeta: vi.fn(), lookupUsers: vi.fn(), lookupRecords: vi.fn(), metaVersionSeen: { use: () => null } }));
vi.mock('../../../../api/crm', () => crmApi);
vi.mock('../../../../api/system/dict', () => dictApi);
vi.mock('../../../../api/sharing', () => ({ listShareRecipients: async () => ({ data: [] }) }));

prepareCrmTests();
beforeEach(() => {
  signInOlivia();
  crmApi.getModuleMeta.mockImplementation(metaOf);
});

describe('the approval process editor, opened on a process', () => {
  it('shows its own steps and final actions (the lists keep their values while the dialog mounts)', async () => {
    const process = {
      id: 1, module: 'opportunity', name: 'Large deals', active: true, entryFilter: null, whenField: 'stage', whenValue: 'proposal',
      steps: [{ kind: 'manager' }], onApprove: [{ field: 'stage', value: 'proposal' }], onReject: [], notify: true,
    } as unknown as ApprovalProcess;
    renderCrm(<ApprovalProcessEditor module="opportunity" process={process} onClose={() => undefined} onSaved={() => undefined} />);
    const dialog = await screen.findByTestId('approval-editor');
    await waitFor(() => expect(dialog.textContent).toContain("Step 1The owner's manager"));
    expect(dialog.textContent).toContain('On approval, setStage');
  });
});
