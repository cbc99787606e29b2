import { isRecordCurrency } from '@orbit/shared/crm/money';
import type { FieldMeta, LayoutItem } from '@orbit/shared/contract/crm';
import type { SetupLayout } from '@orbit/shared/contract/setup';

/**
 * The page layout being edited, as plain data, and the moves the editor makes on it: each returns
 * a new draft (React state), nothing is sent until "Save".
 */
export type DraftSection = { key: string; titleEn: string; titleZh: string; columns: 1 | 2; fields: LayoutItem[] };
export type LayoutDraft = { name: string; sections: DraftSection[] };

/** The name as the reader sees it (a built-in layout's Chinese name): sent back unchanged, the server keeps the stored one. */
export const toDraft = (layout: SetupLayout): LayoutDraft => ({
  name: layout.label,
  sections: layout.sections.map((s) => ({ key: s.key, titleEn: s.titleEn, titleZh: s.titleZh, columns: s.columns, fields: s.fields.map((f) => ({ ...f })) })),
});

/** Fields a layout must keep: required by their definition (the server refuses a layout without them). */
export const isLocked = (field: Pick<FieldMeta, 'name' | 'dictType' | 'required' | 'system' | 'readOnly'> | undefined) =>
  !!field && field.required && !field.system && !field.readOnly && !isRecordCurrency(field);

const without = (draft: LayoutDraft, name: string): DraftSection[] => draft.sections.map((s) => ({ ...s, fields: s.fields.filter((f) => f.field !== name) }));

/** Puts a field (placed or not) at `index` of a section (the end when omitted); its per-layout flags go with it. */
export function placeField(draft: LayoutDraft, name: string, sectionKey: string, index?: number): LayoutDraft {
  const item = draft.sections.flatMap((s) => s.fields).find((f) => f.field === name) ?? { field: name };
  const from = draft.sections.find((s) => s.fields.some((f) => f.field === name));
  const fromIndex = from?.fields.findIndex((f) => f.field === name) ?? -1;
  const sections = without(draft, name).map((s) => {
    if (s.key !== sectionKey) return s;
    // Dropping below its own place within the same section: the indexes after it moved up by one.
    const at = index === undefined ? s.fields.length : from?.key === sectionKey && fromIndex < index ? index - 1 : index;
    const fields = [...s.fields];
    fields.splice(Math.max(0, Math.min(at, fields.length)), 0, item);
    return { ...s, fields };
  });
  return { ...draft, sections };
}

/** Moves a field one place up or down, across into the neighbouring section at either end. */
export function moveBy(draft: LayoutDraft, name: string, delta: -1 | 1): LayoutDraft {
  const si = draft.sections.findIndex((s) => s.fields.some((f) => f.field === name));
  if (si < 0) return draft;
  const section = draft.sections[si]!;
  const fi = section.fields.findIndex((f) => f.field === name);
  const target = fi + delta;
  if (target >= 0 && target < section.fields.length) return placeField(draft, name, section.key, delta > 0 ? target + 1 : target);
  const neighbour = draft.sections[si + delta];
  if (!neighbour) return draft;
  return placeField(draft, name, neighbour.key, delta > 0 ? 0 : undefined);
}

export const removeField = (draft: LayoutDraft, name: string): LayoutDraft => ({ ...draft, sections: without(draft, name) });

export function setFlag(draft: LayoutDraft, name: string, flag: 'required' | 'readOnly', on: boolean): LayoutDraft {
  return {
    ...draft,
    sections: draft.sections.map((s) => ({
      ...s,
      fields: s.fields.map((f) => {
        if (f.field !== name) return f;
        const next: LayoutItem = { ...f, [flag]: on };
        // Required and read-only exclude each other: a read-only field could never be filled in.
        if (on) delete next[flag === 'required' ? 'readOnly' : 'required'];
        if (!on) delete next[flag];
        return next;
      }),
    })),
  };
}

export function addSection(draft: LayoutDraft, titleEn: string, titleZh: string): LayoutDraft {
  let n = draft.sections.length + 1;
  while (draft.sections.some((s) => s.key === `section${n}`)) n++;
  return { ...draft, sections: [...draft.sections, { key: `section${n}`, titleEn, titleZh, columns: 2, fields: [] }] };
}

/** Removes a section; its fields leave the layout with it (they can be added again). */
export const removeSection = (draft: LayoutDraft, key: string): LayoutDraft => ({ ...draft, sections: draft.sections.filter((s) => s.key !== key) });

export const updateSection = (draft: LayoutDraft, key: string, change: Partial<DraftSection>): LayoutDraft => ({
  ...draft,
  sections: draft.sections.map((s) => (s.key === key ? { ...s, ...change } : s)),
});

/** Fields of the module that the layout does not place (system ones that forms never write are left out). */
export function unplacedFields(draft: LayoutDraft, fields: FieldMeta[]): FieldMeta[] {
  const placed = new Set(draft.sections.flatMap((s) => s.fields.map((f) => f.field)));
  return fields.filter((f) => !placed.has(f.name));
}

/** Required-by-definition fields the draft does not place: saving would be refused. */
export const missingLocked = (draft: LayoutDraft, fields: FieldMeta[]) => unplacedFields(draft, fields).filter(isLocked);
