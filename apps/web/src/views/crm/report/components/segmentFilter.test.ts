import { describe, expect, it } from 'vitest';
import type { ReportGroupMeta } from '@orbit/shared/contract/report';
import { bucketEnd, segmentFilter } from './segmentFilter';

const stage: ReportGroupMeta = { ref: 'stage', label: 'Stage', bucket: null, axis: 'row' };
const quarter: ReportGroupMeta = { ref: 'closeDate', label: 'Close Date', bucket: 'quarter', axis: 'column' };

describe('a chart segment as the filter of its records', () => {
  it('ends each bucket on its last day', () => {
    expect(bucketEnd('2026-10-01', 'quarter')).toBe('2026-12-31');
    expect(bucketEnd('2024-02-01', 'month')).toBe('2024-02-29');
    expect(bucketEnd('2026-11-23', 'week')).toBe('2026-11-29');
    expect(bucketEnd('2026-01-01', 'year')).toBe('2026-12-31');
    expect(bucketEnd('2026-12-31', 'day')).toBe('2026-12-31');
  });

  it("keeps the report's filter and adds one condition per group of the segment", () => {
    const filter = { field: 'amount', op: 'gt' as const, value: 100 };
    expect(segmentFilter({ filter }, [stage, quarter], ['proposal', '2026-07-01'], [false, false])).toEqual({
      and: [filter, { field: 'stage', op: 'eq', value: 'proposal' }, { field: 'closeDate', op: 'between', value: ['2026-07-01', '2026-09-30'] }],
    });
    expect(segmentFilter({}, [stage, quarter], [null, null], [false, true])).toEqual({ field: 'stage', op: 'empty' });
  });

  it('cannot say a segment of related fields in the module list', () => {
    expect(segmentFilter({}, [{ ...stage, ref: 'accountId.industry' }], ['tech'], [false])).toBeNull();
    expect(segmentFilter({ relatedFilter: { field: 'industry', op: 'eq', value: 'x' } }, [stage], ['x'], [false])).toBeNull();
  });
});
