import { describe, expect, it } from 'vitest';
import type { GlobalSearchHit } from '@orbit/shared/contract/crm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { UserRecordItem } from '@orbit/shared/contract/userRecords';
import { searchGroups, userRecordGroups } from './searchGroups';

const hit = (module: CrmModule, id: number, label: string, rank: number, details: GlobalSearchHit['details'] = [], detail = ''): GlobalSearchHit => ({ module, id, label, detail, rank, details });
const label = (key: string) => `<${key}>`;
// Olivia's menu has no task pages: tasks found are not offered.
const linkOf = (module: CrmModule, id: number) => (module === 'task' ? null : `/${module}/${module}-detail?flag=detail&id=${id}`);
const all = { path: '/search/results?q=acme', title: 'See all results' };

describe('the search palette\'s groups', () => {
  it('puts the records first in the server\'s rank order with their key details, then "see all", then the pages', () => {
    const groups = searchGroups({
      pages: [{ path: '/Leads/leads-index', title: 'Leads > Leads' }],
      hits: [
        hit('account', 3, 'Acme', 0, [{ label: 'Industry', value: 'Tech' }, { label: 'Owner', value: 'Olivia Park' }]),
        hit('task', 2, 'Call Acme', 1),
        hit('leads', 7, 'Ava Ashdown', 2, [], 'Acme · ava@acme.com'),
        hit('leads', 8, '', 2),
      ],
      linkOf,
      label,
      allResults: all,
    });
    expect(groups).toEqual([
      {
        key: 'records',
        label: '<records>',
        items: [
          { path: '/account/account-detail?flag=detail&id=3', title: 'Acme', detail: 'Industry: Tech · Owner: Olivia Park', module: 'account' },
          { path: '/leads/leads-detail?flag=detail&id=7', title: 'Ava Ashdown', detail: 'Acme · ava@acme.com', module: 'leads' },
          { path: '/leads/leads-detail?flag=detail&id=8', title: '#8', detail: undefined, module: 'leads' },
          all,
        ],
      },
      { key: 'pages', label: '<pages>', items: [{ path: '/Leads/leads-index', title: 'Leads > Leads' }] },
    ]);
  });

  it('leaves out empty groups, and offers "see all" only with records', () => {
    expect(searchGroups({ pages: [], hits: [hit('campaign', 4, 'Trade Fair', 0)], linkOf, label }).map((g) => g.key)).toEqual(['records']);
    expect(searchGroups({ pages: [], hits: [], linkOf, label, allResults: all })).toEqual([]);
  });

  it('offers the favourites, then the recently viewed records not among them, before anything is typed', () => {
    const item = (module: CrmModule, id: number, name: string): UserRecordItem => ({ module, id, name, at: '2026-12-01T09:00:00.000Z' });
    const groups = userRecordGroups({
      favourites: [item('account', 3, 'Acme')],
      recent: [item('leads', 7, 'Ava Ashdown'), item('account', 3, 'Acme'), item('task', 2, 'Call Acme'), item('leads', 8, '')],
      linkOf,
      label,
    });
    expect(groups).toEqual([
      { key: 'favourites', label: '<favourites>', items: [{ path: '/account/account-detail?flag=detail&id=3', title: 'Acme', module: 'account' }] },
      {
        key: 'recent',
        label: '<recent>',
        items: [
          { path: '/leads/leads-detail?flag=detail&id=7', title: 'Ava Ashdown', module: 'leads' },
          { path: '/leads/leads-detail?flag=detail&id=8', title: '#8', module: 'leads' },
        ],
      },
    ]);
    expect(userRecordGroups({ favourites: [], recent: [], linkOf, label })).toEqual([]);
  });
});
