import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeResult = { violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> }> };

/**
 * axe-core's WCAG 2 A and AA rules on the page as it is now; answers the serious and critical
 * violations, one line per element ("rule: selector — why"), empty when there are none. axe is
 * evaluated through the DevTools protocol, so the app's Content-Security-Policy stays as it is.
 * The pages the open tabs keep mounted but hidden are left out: nobody can reach them.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run(context: object, options: object): Promise<unknown> } }).axe.run({ exclude: [['.app-page[hidden]']] }, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    }),
  )) as AxeResult;
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ').slice(0, 200)}`));
}
