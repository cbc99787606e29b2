import { LANGUAGES, type Language } from '@orbit/shared/constants';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { MenuModel } from '../routes/menuModel';
import { gotoTargets } from './gotoPath';
import { NEW_RECORD_MODULES } from './keymap';

/** A command of the palette: what it is called (an i18n key), its shortcut if any, and what it does. */
export type PaletteCommand = {
  id: string;
  label: string;
  labelValues?: Record<string, string>;
  keys?: readonly string[];
  run: PaletteRun;
};
export type PaletteRun = { kind: 'new'; module: CrmModule; listPath: string } | { kind: 'goto'; path: string } | { kind: 'language'; language: Language } | { kind: 'shortcuts' };

type Options = { model: MenuModel; can: (permission: string) => boolean; language: Language };

/** Every command this user may run: new records and pages their menu allows, the language, the shortcuts. */
export function paletteCommands({ model, can, language }: Options): PaletteCommand[] {
  const listOf = (module: CrmModule) => model.pages.find((p) => p.component === `crm/${module}/index`)?.fullPath;
  const creates = NEW_RECORD_MODULES.flatMap((module): PaletteCommand[] => {
    const listPath = listOf(module);
    return listPath && can(PERMISSIONS[module].add) ? [{ id: `new:${module}`, label: `keys.new.${module}`, run: { kind: 'new', module, listPath } }] : [];
  });
  const gotos = gotoTargets(model).map((target): PaletteCommand => ({ id: `goto:${target.id}`, label: target.label, keys: ['g', target.key], run: { kind: 'goto', path: target.path } }));
  const other = LANGUAGES.find((l) => l !== language) ?? language;
  return [
    ...creates,
    ...gotos,
    { id: 'language', label: 'keys.language', labelValues: { language: other === 'zh' ? '中文' : 'English' }, run: { kind: 'language', language: other } },
    { id: 'shortcuts', label: 'keys.help', keys: ['?'], run: { kind: 'shortcuts' } },
  ];
}

/**
 * The commands whose name, in any language, holds every word typed ("new lead", "go opp", "新建线索");
 * a plain match rather than the pages' fuzzy one, so that a record's name rarely finds a command.
 */
export function matchCommands(commands: PaletteCommand[], query: string, namesOf: (command: PaletteCommand) => string[]): PaletteCommand[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return commands;
  return commands.filter((command) => namesOf(command).some((name) => words.every((word) => name.toLowerCase().includes(word))));
}
