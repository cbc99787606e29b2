import { describe, expect, it } from 'vitest';
import { installInertMeasureRows } from './inertMeasureRows';

describe('installInertMeasureRows', () => {
  it('makes every table measure row inert, also those added later or inside added nodes, and nothing else', async () => {
    const root = document.createElement('div');
    root.innerHTML = '<table><tbody><tr class="ant-table-measure-row"><td><input type="checkbox"></td></tr><tr class="row"></tr></tbody></table>';
    document.body.append(root);
    const observer = installInertMeasureRows(root);
    const later = document.createElement('tbody');
    later.innerHTML = '<tr class="ant-table-measure-row"><td></td></tr>';
    root.querySelector('table')!.append(later);
    await Promise.resolve();
    const rows = [...root.querySelectorAll('tr')];
    expect(rows.map((r) => r.hasAttribute('inert'))).toEqual([true, false, true]);
    observer.disconnect();
    root.remove();
  });
});
