import { describe, expect, it } from 'vitest';
import { comparableText, passwordProblem } from './passwordPolicy';

const HAS_NAME = { key: 'auth.passwordHasUserName' };

describe('passwordProblem: the user name rule', () => {
  it('finds the name hidden by invisible characters (zero-width, joiners, soft hyphen, BOM, word joiner)', () => {
    for (const hidden of ['\u200b', '\u200c', '\u200d', '\u00ad', '\ufeff', '\u2060', '\u034f', '\u180e']) {
      expect(passwordProblem(`t${hidden}ester1!!`, 'tester'), JSON.stringify(hidden)).toEqual(HAS_NAME);
    }
  });

  it('finds the name written in full-width or other compatibility forms', () => {
    expect(passwordProblem('ｔｅｓｔｅｒ1!!xx', 'tester')).toEqual(HAS_NAME);
    expect(passwordProblem('my-ＴＥＳＴＥＲ-9', 'tester')).toEqual(HAS_NAME);
    expect(passwordProblem('x-ﬁnance-2026', 'finance')).toEqual(HAS_NAME);
  });

  it('still passes a password that merely shares letters with the name', () => {
    expect(passwordProblem('tes-ter-Lantern', 'tester')).toBeUndefined();
  });

  it('counts a password of invisible characters and spaces as blank', () => {
    expect(passwordProblem('\u200b'.repeat(8), 'x')).toEqual({ key: 'auth.passwordBlank' });
    expect(passwordProblem(` \u200b \u2060  \u00a0 `, 'x')).toEqual({ key: 'auth.passwordBlank' });
  });
});

describe('comparableText', () => {
  it('is NFKC without invisible characters', () => {
    expect(comparableText('ｔ\u200bｅｓｔ')).toBe('test');
    expect(comparableText('Pass\u00adword')).toBe('Password');
  });
});
