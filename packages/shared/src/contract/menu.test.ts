import { describe, expect, it } from 'vitest';
import { isWebAddress } from '../patterns';
import { menuPathProblem } from './menu';

describe('isWebAddress', () => {
  it.each(['http://x.example', 'https://wiki.example.com/sales?x=1#top', 'http://status.example.com:8080/', 'https://localhost'])('accepts %s', (v) =>
    expect(isWebAddress(v)).toBe(true),
  );
  it.each(['', 'mailto:a@b.co', 'javascript:alert(1)', '//evil.example', 'https://intranet.example.com@evil.example/', 'https://a.example/b c', 'https://a.example\\b', 'ftp://files.example.com'])(
    'refuses %s',
    (v) => expect(isWebAddress(v)).toBe(false),
  );
});

describe('menuPathProblem', () => {
  it('leaves routes alone, the RuoYi way (a parameter after a slash is not a scheme)', () => {
    for (const path of ['user', '/permission', 'edit/:id', 'index-leads', 'icon/index']) expect(menuPathProblem(path, 1), path).toBeUndefined();
  });
  it('asks a web address of an external link and of any path that is an address', () => {
    expect(menuPathProblem('help', 0)).toBe('menu.externalLink');
    for (const path of ['javascript:alert(1)', 'data:text/html,x', '//evil.example/a', '\\\\evil.example/a', 'mailto:a@b.co']) expect(menuPathProblem(path, 1), path).toBe('menu.externalLink');
    expect(menuPathProblem('https://wiki.example.com', 0)).toBeUndefined();
    expect(menuPathProblem('https://wiki.example.com', 1)).toBeUndefined();
  });
});
