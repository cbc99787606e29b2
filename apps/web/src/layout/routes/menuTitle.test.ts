import { beforeAll, describe, expect, it } from 'vitest';
import { loadAllLanguages } from '../../i18n/i18n';
import { menuTitle } from './menuTitle';

describe('menuTitle', () => {
  beforeAll(() => loadAllLanguages());
  it('translates by route name in both languages', () => {
    expect(menuTitle({ name: 'LeadsIndex', title: 'Leads' }, 'en')).toBe('Leads');
    expect(menuTitle({ name: 'LeadsIndex', title: 'Leads' }, 'zh')).toBe('线索');
    expect(menuTitle({ name: 'User', title: 'Users' }, 'zh')).toBe('用户管理');
  });
  it("shows 'Page Layout' for opportunity, account, task and campaign layouts", () => {
    for (const module of ['Opportunity', 'Account', 'Task', 'Campaign']) {
      expect(menuTitle({ name: `${module}Fields`, title: `${module} Page Layout` }, 'en')).toBe('Page Layout');
      expect(menuTitle({ name: `${module}Fields`, title: `${module} Page Layout` }, 'zh')).toBe('页面布局');
    }
    expect(menuTitle({ name: 'LeadsFields', title: 'Leads Page Layout' }, 'en')).toBe('Leads Page Layout');
  });
  it('falls back to the raw title for an unknown name', () => {
    expect(menuTitle({ name: 'BrandNew', title: 'Brand new page' }, 'zh')).toBe('Brand new page');
    expect(menuTitle({ name: '', title: 'Untitled' }, 'en')).toBe('Untitled');
  });
});
