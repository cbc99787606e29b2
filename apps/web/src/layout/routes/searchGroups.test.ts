import { describe, expect, it } from 'vitest';
import type { GlobalSearchHit } from '@orbit/shared/contract/crm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { searchGroups } from './searchGroups';

const hit = (module: CrmModule, id: number, label: string, detail = ''): GlobalSearchHit => ({ module, id, label, detail });
const label = (key: string) => `<${key}>`;
// Olivia's menu has no task pages: tasks found are not offered.
const linkOf = (module: CrmModule, id: number) => (module === 'task' ? null : `/${module}/${module}-detail?flag=detail&id=${id}`);

describe('the search palette\'s groups', () => {
  it('puts the pages first, then the records of each module in the menu\'s order, under the module\'s label', () => {
    const groups = searchGroups({
      pages: [{ path: '/Leads/leads-index', title: 'Leads > Leads' }],
      hits: [hit('account', 3, 'Acme', 'https://acme.com'), hit('leads', 7, 'Ava Ashdown', 'Acme · ava@acme.com'), hit('leads', 8, '', ''), hit('task', 2, 'Call Acme')],
      linkOf,
      label,
    });
    expect(groups).toEqual([
      { key: 'pages', label: '<pages>', items: [{ path: '/Leads/leads-index', title: 'Leads > Leads' }] },
      {
        key: 'leads',
        label: '<leads>',
        items: [
          { path: '/leads/leads-detail?flag=detail&id=7', title: 'Ava Ashdown', detail: 'Acme · ava@acme.com' },
          { path: '/leads/leads-detail?flag=detail&id=8', title: '#8', detail: undefined },
        ],
      },
      { key: 'account', label: '<account>', items: [{ path: '/account/account-detail?flag=detail&id=3', title: 'Acme', detail: 'https://acme.com' }] },
    ]);
  });

  it('leaves out empty groups: no pages found, no records found', () => {
    expect(searchGroups({ pages: [], hits: [hit('campaign', 4, 'Trade Fair')], linkOf, label }).map((g) => g.key)).toEqual(['campaign']);
    expect(searchGroups({ pages: [], hits: [], linkOf, label })).toEqual([]);
  });
});
