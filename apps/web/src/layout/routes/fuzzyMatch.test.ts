import { describe, expect, it } from 'vitest';
import { entryScore, matchScore } from './fuzzyMatch';

describe('fuzzy matching (the menu search)', () => {
  it('scores the fewest edits that make the pattern part of the text, over its length, in any case', () => {
    expect(matchScore('board', 'Dashboard')).toBe(0);
    expect(matchScore('Dashbord', 'Dashboard')).toBe(1 / 8);
    expect(matchScore('oportunity', 'Opportunity')).toBe(1 / 10);
    expect(matchScore('lead', 'Leads list')).toBe(0);
    expect(matchScore('opprtunty', 'Opportunity')).toBe(2 / 9);
    expect(matchScore('用户', '用户管理')).toBe(0);
    expect(matchScore('用护', '用户管理')).toBe(1 / 2);
    expect(matchScore('xyz', 'Dashboard')).toBe(1);
    expect(matchScore('', 'anything')).toBe(0);
  });

  it('keeps entries within the threshold and ranks closer matches in shorter fields first', () => {
    const entry = (title: string, trail: string) => [
      { values: [title], weight: 0.7 },
      { values: [trail], weight: 0.3 },
    ];
    expect(entryScore('zzzzqqq', entry('Dashboard', 'Dashboard Dashboard'), 0.4)).toBeNull();
    const exact = entryScore('Users', entry('Users', 'System Users'), 0.4)!;
    const misspelt = entryScore('Usres', entry('Users', 'System Users'), 0.4)!;
    const inTrailOnly = entryScore('System', entry('Menus', 'System Menus'), 0.4)!;
    expect(exact).toBeLessThan(misspelt);
    expect(misspelt).toBeLessThan(1);
    const longer = entryScore('Lead', entry('Lead sources of the quarter', 'Reports Lead sources of the quarter'), 0.4)!;
    expect(entryScore('Lead', entry('Leads', 'Leads Leads'), 0.4)!).toBeLessThan(longer);
    expect(inTrailOnly).toBeGreaterThan(exact);
  });
});
