import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, REDACTED, redactedJson } from '../../src/lib/redactedJson';
import { storedResult } from '../../src/plugins/operLog';

/** `depth` objects each holding the next under `a`, the innermost holding `leaf`. */
function nested(depth: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe('operation-log redaction', () => {
  it('hides passwords, tokens, secrets and verification codes at any depth', () => {
    const value = { userName: 'x', password: 'p', nested: { oldPassword: 'a', newPwd: 'b', token: 't', clientSecret: 's', code: '123456' }, list: [{ password: 'q' }] };
    expect(JSON.parse(redactedJson(value, 2000))).toEqual({
      userName: 'x',
      password: REDACTED,
      nested: { oldPassword: REDACTED, newPwd: REDACTED, token: REDACTED, clientSecret: REDACTED, code: REDACTED },
      list: [{ password: REDACTED }],
    });
  });

  it('keeps identifiers that merely contain the word code', () => {
    const value = { dictCode: 12, deptCode: 'east', list: [{ dictCode: 3 }] };
    expect(JSON.parse(redactedJson(value, 2000))).toEqual(value);
  });

  it('writes the same JSON as JSON.stringify for what has no secret', () => {
    const value = { text: 'quote " and \\ and \n', n: 1.5, yes: true, none: null, skipped: undefined, list: [1, undefined, 'a'], when: new Date(0), emoji: '😀' };
    expect(redactedJson(value, 2000)).toBe(JSON.stringify(value));
  });

  it('stops at the stored length: a megabyte text is cut, not escaped whole', () => {
    const stored = redactedJson({ note: '"'.repeat(1024 * 1024), password: 'after-the-cut' }, 2000);
    expect(stored).toHaveLength(2001);
    expect(stored.endsWith('…')).toBe(true);
    expect(stored).not.toContain('after-the-cut');
    expect(redactedJson(Array.from({ length: 500_000 }, (_, i) => i), 50)).toBe(`${JSON.stringify(Array.from({ length: 20 }, (_, i) => i)).slice(0, 50)}…`);
  });

  it('refuses to walk nesting deeper than MAX_DEPTH, however deep, without overflowing the stack', () => {
    expect(JSON.parse(redactedJson(nested(MAX_DEPTH), 2000))).toEqual(nested(MAX_DEPTH));
    expect(() => redactedJson(nested(MAX_DEPTH + 1), 2000)).toThrow('too deeply nested to log');
    expect(() => redactedJson(nested(100_000), 1_000_000)).toThrow('too deeply nested to log');
  });
});

describe('the stored answer', () => {
  it('keeps the envelope code and hides every nested code or token', () => {
    const payload = JSON.stringify({ code: 200, msg: 'Operation successful', token: 'tok', data: { code: '123456', items: [{ code: 'x', dictCode: 7 }] } });
    const stored = storedResult(payload);
    expect(stored.msg).toBe('Operation successful');
    expect(JSON.parse(stored.json)).toEqual({ code: 200, msg: 'Operation successful', token: REDACTED, data: { code: REDACTED, items: [{ code: REDACTED, dictCode: 7 }] } });
  });

  it('withholds an answer nested too deep but keeps its message', () => {
    expect(storedResult(JSON.stringify({ code: 200, msg: 'ok', data: nested(MAX_DEPTH) }))).toEqual({ json: REDACTED, msg: 'ok' });
  });

  it('stores nothing for an answer that is not JSON', () => {
    expect(storedResult('<html>')).toEqual({ json: '', msg: '' });
    expect(storedResult(Buffer.from('{}'))).toEqual({ json: '', msg: '' });
  });
});
