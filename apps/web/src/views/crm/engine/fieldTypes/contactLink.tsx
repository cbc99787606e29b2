import { isExternalLink } from '@orbit/shared/validation';
import type { DisplayProps, FieldTypeView } from './fieldTypeView';
import { TextFilterInput, TextInput } from './text';

/**
 * E-mail, phone and website: text that opens outside the app (mailto:, tel:, http(s):). A link is
 * made only when the helper of SPEC §5 recognises it, so a stored "javascript:" never becomes one.
 */
function linkView(href: (value: string) => string, external: boolean): FieldTypeView {
  function Display({ value }: DisplayProps) {
    if (typeof value !== 'string' || !value) return null;
    const target = href(value);
    if (!isExternalLink(target)) return <>{value}</>;
    return external ? (
      <a href={target} target="_blank" rel="noopener noreferrer">
        {value}
      </a>
    ) : (
      <a href={target}>{value}</a>
    );
  }
  return { Display, Input: TextInput, FilterInput: TextFilterInput };
}

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

export const emailView: FieldTypeView = { ...linkView((v) => `mailto:${v}`, false), columnWidth: 130 };
export const phoneView: FieldTypeView = { ...linkView((v) => `tel:${v.replace(/[\s().-]/g, '')}`, false), columnWidth: 135 };
/** A website typed without its scheme ("acme.com") opens over https. */
export const urlView: FieldTypeView = { ...linkView((v) => (HAS_SCHEME.test(v) ? v : `https://${v}`), true), columnWidth: 140 };
