import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MENU_ICONS, menuIcon } from './menuIcons';

afterEach(cleanup);

const labelOf = (name: string) => render(<>{menuIcon(name)}</>).container.querySelector('[role="img"]')?.getAttribute('aria-label');

describe('menu icons', () => {
  it('draws the names the seeded menu uses', () => {
    const seeded = ['table', 'money', 'peoples', 'list', 'guide', 'dashboard', 'component', 'logininfor', 'form', 'system', 'user', 'tree', 'tree-table', 'dict'];
    for (const name of seeded) expect(MENU_ICONS, name).toHaveProperty([name]);
    expect(labelOf('user')).toBe('user');
    expect(labelOf('money')).toBe('dollar');
    expect(labelOf('tree')).toBe('cluster');
  });

  it('gives an unknown name a neutral icon instead of nothing', () => {
    expect(labelOf('NoSuchIcon')).toBe('file-text');
    expect(labelOf('')).toBe('file-text');
  });

  it('uses one icon per name', () => {
    const components = Object.values(MENU_ICONS);
    const duplicates = Object.keys(MENU_ICONS).filter((name, i) => components.indexOf(MENU_ICONS[name]!) !== i);
    expect(duplicates).toEqual([]);
  });
});
