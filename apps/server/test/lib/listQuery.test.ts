import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { sysOperLog } from '../../src/db/schema/logs';
import { orderByOf } from '../../src/lib/listQuery';

const columns = { title: sysOperLog.title, status: sysOperLog.status };
const dialect = new PgDialect();
/** The ORDER BY terms as SQL text. */
const text = (terms: ReturnType<typeof orderByOf>) => terms.map((term) => dialect.sqlToQuery(term).sql);

describe('orderByOf', () => {
  it('unsorted: the tie-break columns in the default direction', () => {
    expect(text(orderByOf(columns, {}, [sysOperLog.operTime, sysOperLog.operId], 'desc'))).toEqual(['"sys_oper_log"."oper_time" desc', '"sys_oper_log"."oper_id" desc']);
    expect(text(orderByOf(columns, {}, [sysOperLog.operId], 'asc'))).toEqual(['"sys_oper_log"."oper_id" asc']);
  });

  it('sorted: the column, then the tie-break columns, all in the sort direction', () => {
    expect(text(orderByOf(columns, { orderByColumn: 'status', isAsc: 'descending' }, [sysOperLog.operId], 'asc'))).toEqual([
      '"sys_oper_log"."status" desc',
      '"sys_oper_log"."oper_id" desc',
    ]);
    expect(text(orderByOf(columns, { orderByColumn: 'title', isAsc: 'asc' }, [sysOperLog.operId], 'desc'))).toEqual([
      '"sys_oper_log"."title" asc',
      '"sys_oper_log"."oper_id" asc',
    ]);
    // Anything but a descending keyword sorts ascending.
    expect(text(orderByOf(columns, { orderByColumn: 'title' }, [sysOperLog.operId], 'desc'))[0]).toBe('"sys_oper_log"."title" asc');
  });
});
