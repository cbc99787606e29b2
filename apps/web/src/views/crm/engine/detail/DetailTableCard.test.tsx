import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { prepareCrmTests, renderCrm } from '../../../../test/crmFixtures';
import DetailTableCard from './DetailTableCard';

prepareCrmTests();

type Row = { id: number; name: string };
const columns = [{ key: 'name', title: 'Name', render: (_: unknown, r: Row) => r.name }];
const query = (over: Partial<{ data: Row[]; isError: boolean; isLoading: boolean; refetch: () => Promise<never> }>) => ({
  data: undefined,
  isError: false,
  isLoading: false,
  refetch: vi.fn(),
  ...over,
});

function renderCard(q: ReturnType<typeof query>, count?: number) {
  return renderCrm(<DetailTableCard<Row> title="Campaign History" count={count} query={q as never} rowKey="id" columns={columns} data-testid="card" />);
}

describe('DetailTableCard', () => {
  it('shows the rows under its title with their count', () => {
    renderCard(query({ data: [{ id: 1, name: 'Spring Webinar' }, { id: 2, name: 'Expo' }] }), 2);
    expect(screen.getByText('Campaign History (2)')).toBeTruthy();
    expect(screen.getByText('Spring Webinar')).toBeTruthy();
    expect(screen.getByText('Expo')).toBeTruthy();
  });

  it('says when there is nothing, and while loading shows placeholder rows and no count', () => {
    const { unmount } = renderCard(query({ data: [] }), 0);
    expect(screen.getByText('None yet')).toBeTruthy();
    expect(screen.getByText('Campaign History (0)')).toBeTruthy();
    unmount();
    // The caller counts `data ?? []`: 0 until the rows come, which the title must not claim.
    renderCard(query({ isLoading: true }), 0);
    expect(screen.queryByText('None yet')).toBeNull();
    expect(screen.getByTestId('card-loading').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Campaign History')).toBeTruthy();
    expect(screen.queryByText('Campaign History (0)')).toBeNull();
  });

  it('offers a retry when loading failed', async () => {
    const q = query({ isError: true });
    renderCard(q);
    // The error view loads on demand (LoadError.tsx).
    fireEvent.click(await screen.findByRole('button', { name: /retry/i }, { timeout: 10_000 }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });
});
