import { describe, expect, it } from 'vitest';
import { filterParam } from './crm/filter';
import { isEmail, isExternalLink, isUrl, normaliseEmail, oneOf, optionalText, requiredEmail, requiredText, secret, stringValue } from './validation';

describe('isEmail', () => {
  it.each(['a@b.co', 'first.last+tag@example.com', 'li@例子.中国'])('accepts %s', (v) => expect(isEmail(v)).toBe(true));
  it.each(['', 'plain', 'a@b', 'a b@c.com', '@example.com', 'a@.'])('refuses %s', (v) => expect(isEmail(v)).toBe(false));
});

describe('isUrl', () => {
  it.each(['http://example.com', 'https://sub.example.co.uk/path?q=1', 'ftp://files.example.com', 'http://127.0.0.1:8080', 'http://localhost:5173'])(
    'accepts %s',
    (v) => expect(isUrl(v)).toBe(true),
  );
  it.each(['', 'example.com', 'javascript:alert(1)', 'http://', 'http://exa mple.com'])('refuses %s', (v) => expect(isUrl(v)).toBe(false));
});

describe('isExternalLink', () => {
  it.each(['http://x', 'https://x', 'mailto:a@b.co', 'tel:+123'])('accepts %s', (v) => expect(isExternalLink(v)).toBe(true));
  it.each(['/system/user', 'ftp://x', 'javascript:void(0)', 'leads-index'])('refuses %s', (v) => expect(isExternalLink(v)).toBe(false));
});

describe('normaliseEmail', () => {
  it('gives every spelling of an address one form: compatibility characters, spaces and case', () => {
    expect(normaliseEmail(' Olivia.Park@EXAMPLE.com ')).toBe('olivia.park@example.com');
    expect(normaliseEmail('ｏｌｉｖｉａ@example.com')).toBe('olivia@example.com');
    // JavaScript's lower case of İ keeps its dot: not the same address as olivia's.
    expect(normaliseEmail('olİvia@example.com')).not.toBe('olivia@example.com');
    for (const v of ['olİvia@example.com', 'ẞ@x.de', 'ǅ@x.de']) expect(normaliseEmail(normaliseEmail(v))).toBe(normaliseEmail(v));
  });

  it('is what the shared e-mail schema hands on', () => {
    expect(requiredEmail(100).parse(' Mia@Example.COM ')).toBe('mia@example.com');
  });
});

describe('stringValue', () => {
  it('refuses a NUL character with the message naming the field, in every string built from it', () => {
    for (const schema of [stringValue(), requiredText(10), optionalText(10), secret(1, 10), requiredEmail(100)]) {
      expect(schema.safeParse('a\u0000b@example.com').error?.issues.map((i) => i.message)).toContain('validation.nulCharacter');
    }
    expect(stringValue().parse('a b')).toBe('a b');
  });

  it('reaches the strings a parameter’s JSON yields once parsed', () => {
    const issues = filterParam.safeParse(JSON.stringify({ or: [{ field: 'company', op: 'in', value: ['a', 'b\u0000'] }] })).error?.issues;
    expect(issues?.map((i) => [i.path, i.message])).toEqual([[['or', 0, 'value', 1], 'validation.nulCharacter']]);
  });
});

describe('oneOf', () => {
  const status = oneOf(['0', '1']);
  const message = (value: unknown) => status.safeParse(value).error?.issues[0]?.message;
  it('takes one value of the set; several at once are "pick one option only", others an invalid value', () => {
    expect(status.parse('1')).toBe('1');
    expect(message(['0', '1'])).toBe('validation.pickOne');
    expect(message(['0'])).toBe('validation.pickOne');
    expect(message('7')).not.toBe('validation.pickOne');
    expect(oneOf(['a', 'b'], 'validation.required').safeParse(undefined).error?.issues[0]?.message).toBe('validation.required');
  });
});
