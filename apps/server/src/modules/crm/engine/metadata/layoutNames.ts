import type { Language } from '@orbit/shared/constants';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { moduleSeedOf } from '../crmModules';
import type { LayoutSeed } from '../moduleSeed';

/** The stored name of a module's built-in template, copied from its first layout and never changed. */
export const templateName = (layout: Pick<LayoutSeed, 'name'>) => `${layout.name} (Template)`;
const templateNameZh = (layout: Pick<LayoutSeed, 'zh'>) => `${layout.zh}（模板）`;

/** The Chinese names of a module's built-in layouts, by the name each is stored with. */
function builtInNamesZh(module: CrmModule): Map<string, string> {
  const seed = moduleSeedOf(module);
  const names = new Map<string, string>([[templateName(seed.layout), templateNameZh(seed.layout)]]);
  for (const layout of [seed.layout, ...seed.recordTypes.map((t) => t.layout)]) names.set(layout.name, layout.zh);
  return names;
}

/**
 * A layout's name as the reader sees it. Layouts are stored with one name, English for the
 * built-in ones; Chinese readers see a built-in layout by its Chinese name for as long as it keeps
 * the name it was seeded with (the name is its key: unique within the module). A layout an
 * administrator made or renamed is shown as they named it, in either language.
 */
export function layoutLabel(module: CrmModule, name: string, lang: Language): string {
  return lang === 'zh' ? (builtInNamesZh(module).get(name) ?? name) : name;
}

/** The name to store for what a form sent: a built-in layout's name in the reader's language is its stored name, unchanged. */
export function storedLayoutName(module: CrmModule, current: string, sent: string, lang: Language): string {
  return sent === layoutLabel(module, current, lang) ? current : sent;
}
