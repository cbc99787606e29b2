import { render, screen } from '@testing-library/react';
import { Form, Input } from 'antd';
import { describe, expect, it } from 'vitest';
import { runPageCommand } from '../../layout/keys/pageCommands';
import { PageContext } from '../../layout/PageContext';
import type { MenuPage } from '../../layout/routes/menuModel';
import SearchForm from './SearchForm';

function Filters({ nested = false }: { nested?: boolean }) {
  const [form] = Form.useForm();
  return (
    <PageContext.Provider value={{ fullPath: '/system/user' } as MenuPage}>
      <SearchForm form={form} onSearch={() => undefined} onReset={() => undefined} nested={nested}>
        <Form.Item name="userName" label="User name">
          <Input aria-label="User name" />
        </Form.Item>
        <Form.Item name="phone" label="Phone">
          <Input aria-label="Phone" />
        </Form.Item>
      </SearchForm>
    </PageContext.Provider>
  );
}

describe('an administration list\'s filter row', () => {
  it('offers its page\'s `/`: the cursor goes to its first field', () => {
    const { unmount } = render(<Filters />);
    expect(runPageCommand('/system/user', 'search')).toBe(true);
    expect(document.activeElement).toBe(screen.getByLabelText('User name'));
    unmount();
    expect(runPageCommand('/system/user', 'search')).toBe(false);
  });

  it('inside a dialog it leaves `/` to the page', () => {
    render(<Filters nested />);
    expect(runPageCommand('/system/user', 'search')).toBe(false);
  });
});
