import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { prepareCrmTests, renderCrm, signInOlivia } from '../../test/crmFixtures';
import ListToolbar from './ListToolbar';

prepareCrmTests();
beforeEach(() => vi.resetAllMocks());

describe('ListToolbar', () => {
  it('shows Add and the batch Delete by permission; Delete waits for ticked rows and gets them', () => {
    signInOlivia(['x:add', 'x:remove']);
    const onAdd = vi.fn();
    const onRemove = vi.fn();
    const { rerender } = renderCrm(
      <ListToolbar add={{ permission: 'x:add', onClick: onAdd, testId: 'x-add' }} remove={{ permission: 'x:remove', selected: [], onClick: onRemove }}>
        <button type="button">Export</button>
      </ListToolbar>,
    );
    fireEvent.click(screen.getByTestId('x-add'));
    expect(onAdd).toHaveBeenCalledOnce();
    expect((screen.getByRole('button', { name: /Delete/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();

    rerender(<ListToolbar add={{ permission: 'x:add', onClick: onAdd }} remove={{ permission: 'x:remove', selected: ['a', 'b'], onClick: onRemove }} />);
    fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
    expect(onRemove).toHaveBeenCalledWith(['a', 'b']);
  });

  it('hides what the user may not do, and Delete on a page without batch delete', () => {
    signInOlivia(['x:remove']);
    renderCrm(<ListToolbar add={{ permission: 'x:add', onClick: vi.fn() }} />);
    expect(screen.queryByRole('button', { name: /Add/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});
