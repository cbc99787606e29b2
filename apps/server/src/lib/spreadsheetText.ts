/** Characters that make a spreadsheet read a cell as a formula (or a DDE command) when it starts with them. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Whether a text would be run by a spreadsheet were it typed into a cell (DESIGN.md: exports keep
 * cells that start with = + - @ as text). The xlsx writer (lib/xlsxWriter.ts) gives every such text
 * cell Excel's quote prefix, headers included: the text is kept as it is and shown without the
 * apostrophe an older export put in front of it (issue 27), and stays text when the cell is edited.
 */
export const startsLikeFormula = (text: string): boolean => FORMULA_START.test(text);
