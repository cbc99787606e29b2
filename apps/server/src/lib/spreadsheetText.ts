/** Characters that make a spreadsheet read a cell as a formula (or a DDE command) when it starts with them. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text a spreadsheet would execute is kept as text: a leading apostrophe, as Excel itself writes
 * it (DESIGN.md: exports neutralise cells that start with = + - @). Every export writes texts
 * through this; an import reading its own template back strips the apostrophe again.
 */
export const neutralised = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);
