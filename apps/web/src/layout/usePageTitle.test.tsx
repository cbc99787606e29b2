import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addView, resetViews, tagsStore } from '../store/tagsView';
import { TabContext } from './TabContext';
import { usePageTitle } from './usePageTitle';

function Named({ title }: { title?: string }) {
  usePageTitle(title);
  return null;
}

describe('usePageTitle', () => {
  beforeEach(() => {
    resetViews();
    addView({ key: '/Leads/leads-detail?flag=detail&id=3', fullPath: '/Leads/leads-detail?flag=detail&id=3', path: '/Leads/leads-detail', name: 'LeadsDetail', title: 'Lead Detail', affix: false, noCache: false });
  });

  it('names the tab it is rendered in, and keeps the menu title while the name is unknown', () => {
    const { rerender } = render(
      <TabContext.Provider value="/Leads/leads-detail?flag=detail&id=3">
        <Named />
      </TabContext.Provider>,
    );
    expect(tagsStore.get()[0]!.label).toBeUndefined();
    rerender(
      <TabContext.Provider value="/Leads/leads-detail?flag=detail&id=3">
        <Named title="Fjord Analytics" />
      </TabContext.Provider>,
    );
    expect(tagsStore.get()[0]!.label).toBe('Fjord Analytics');
  });

  it('does nothing outside a tab (a print page)', () => {
    render(<Named title="Fjord Analytics" />);
    expect(tagsStore.get()[0]!.label).toBeUndefined();
  });
});
