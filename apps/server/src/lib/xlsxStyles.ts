/** The fonts a written workbook uses: the default, bold (headers, subtotals), red (an error), bold red (a required header), grey italic (notes). */
export type XlsxFont = 'regular' | 'bold' | 'error' | 'boldError' | 'note';

/**
 * How a cell is shown. `numFmt`: a built-in format's id or a format code. `quotePrefix`: the text
 * is text even when it starts like a formula — Excel's own mark for a text typed with a leading
 * apostrophe, which it does not show, and which keeps the cell text when it is edited.
 */
export type XlsxStyle = { font?: XlsxFont; numFmt?: number | string; quotePrefix?: boolean; wrap?: boolean };

const FONTS: Record<XlsxFont, string> = {
  regular: '<font><sz val="11"/><name val="Calibri"/></font>',
  bold: '<font><b/><sz val="11"/><name val="Calibri"/></font>',
  error: '<font><sz val="11"/><color rgb="FFC0392B"/><name val="Calibri"/></font>',
  boldError: '<font><b/><sz val="11"/><color rgb="FFC0392B"/><name val="Calibri"/></font>',
  note: '<font><i/><sz val="11"/><color rgb="FF6B6B6B"/><name val="Calibri"/></font>',
};
const FONT_IDS = Object.fromEntries(Object.keys(FONTS).map((font, i) => [font, i])) as Record<XlsxFont, number>;
const FIRST_CUSTOM_FORMAT = 164;
/** Characters XML attributes may not hold as they are. */
const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The cell styles of a workbook being written: each distinct style gets its index (`s` of a cell) as it is first used; `xml()` is styles.xml. */
export function createStyles() {
  const styles: XlsxStyle[] = [{}];
  const ids = new Map<string, number>([['{}', 0]]);
  const formats = new Map<string, number>();

  const formatId = (numFmt: number | string | undefined): number => {
    if (numFmt === undefined) return 0;
    if (typeof numFmt === 'number') return numFmt;
    if (!formats.has(numFmt)) formats.set(numFmt, FIRST_CUSTOM_FORMAT + formats.size);
    return formats.get(numFmt)!;
  };

  return {
    /** The index of a style, 0 for the default. */
    id(style: XlsxStyle): number {
      const normal: XlsxStyle = {};
      if (style.font && style.font !== 'regular') normal.font = style.font;
      if (style.numFmt !== undefined) normal.numFmt = style.numFmt;
      if (style.quotePrefix) normal.quotePrefix = true;
      if (style.wrap) normal.wrap = true;
      const key = JSON.stringify(normal);
      let id = ids.get(key);
      if (id === undefined) {
        id = styles.length;
        styles.push(normal);
        ids.set(key, id);
        formatId(normal.numFmt);
      }
      return id;
    },

    xml(): string {
      const numFmts = [...formats].map(([code, id]) => `<numFmt numFmtId="${id}" formatCode="${escapeAttribute(code)}"/>`).join('');
      const xfs = styles
        .map((style) => {
          const numFmtId = formatId(style.numFmt);
          const attributes = [
            `numFmtId="${numFmtId}"`,
            `fontId="${FONT_IDS[style.font ?? 'regular']}"`,
            'fillId="0" borderId="0" xfId="0"',
            numFmtId ? 'applyNumberFormat="1"' : '',
            style.font ? 'applyFont="1"' : '',
            style.quotePrefix ? 'quotePrefix="1"' : '',
            style.wrap ? 'applyAlignment="1"' : '',
          ].filter(Boolean);
          return style.wrap ? `<xf ${attributes.join(' ')}><alignment vertical="top" wrapText="1"/></xf>` : `<xf ${attributes.join(' ')}/>`;
        })
        .join('');
      return (
        `${numFmts ? `<numFmts count="${formats.size}">${numFmts}</numFmts>` : ''}` +
        `<fonts count="${Object.keys(FONTS).length}">${Object.values(FONTS).join('')}</fonts>` +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        `<cellXfs count="${styles.length}">${xfs}</cellXfs>` +
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
      );
    },
  };
}
