import { describe, expect, it } from 'vitest';
import { REDACTED, redact } from '../../src/plugins/operLog';

describe('operation-log redaction', () => {
  it('hides passwords, tokens, secrets and verification codes at any depth', () => {
    expect(
      redact({ userName: 'x', password: 'p', nested: { oldPassword: 'a', newPwd: 'b', token: 't', clientSecret: 's', code: '123456' } }),
    ).toEqual({ userName: 'x', password: REDACTED, nested: { oldPassword: REDACTED, newPwd: REDACTED, token: REDACTED, clientSecret: REDACTED, code: REDACTED } });
  });

  it('keeps identifiers that merely contain the word code', () => {
    expect(redact({ dictCode: 12, deptCode: 'east', list: [{ dictCode: 3 }] })).toEqual({ dictCode: 12, deptCode: 'east', list: [{ dictCode: 3 }] });
  });
});
