import { describe, expect, it } from 'vitest';
import { checkboxInput, currencyInput, dateInput, dateTimeInput, numberInput, textInput } from '../../src/modules/crm/import/cellValues';

/** Cells read back as the values a form would send: the inverse of the export's cells. */
describe('import cell values', () => {
  it('reads numbers as Excel keeps them, and typed numbers without separators or signs', () => {
    expect(numberInput(0.1 + 0.2)).toBe(0.3);
    expect(numberInput('1,234.50')).toBe('1234.50');
    expect(numberInput(' 45 % ')).toBe('45');
    expect(numberInput('ten')).toBe('ten'); // left for the engine to refuse with its message
    expect(currencyInput(1234.5)).toBe('1234.5'); // money as a decimal string, never a float
    expect(currencyInput('¥1,250')).toBe('1250');
    expect(currencyInput('$ 9.99')).toBe('9.99');
  });

  it('reads dates from date cells, serial numbers and the usual ways of typing them', () => {
    expect(dateInput(new Date(Date.UTC(2026, 5, 30)))).toBe('2026-06-30');
    expect(dateInput(46203)).toBe('2026-06-30'); // Excel's serial date
    expect(dateInput('2026/7/1')).toBe('2026-07-01');
    expect(dateInput('2026.07.01')).toBe('2026-07-01');
    expect(dateInput('2026-02-30')).toBe('2026-02-30'); // not a day: the engine says it has an invalid value
    expect(dateInput('next week')).toBe('next week');
  });

  it('reads times on the user\'s clock, as the export wrote them', () => {
    // UTC+8 (getTimezoneOffset -480): 10:30 on the sheet is 02:30 UTC.
    expect(dateTimeInput(new Date(Date.UTC(2026, 7, 1, 10, 30)), -480)).toBe('2026-08-01T02:30:00.000Z');
    expect(dateTimeInput('2026-08-01 10:30', -480)).toBe('2026-08-01T02:30:00.000Z');
    expect(dateTimeInput('2026-08-01 10:30', 300)).toBe('2026-08-01T15:30:00.000Z');
    expect(dateTimeInput('2026-08-01T10:30:00Z', -480)).toBe('2026-08-01T10:30:00Z'); // its own zone: as it is
    expect(dateTimeInput('2026-02-30 10:00', 0)).toBe('2026-02-30 10:00');
  });

  it('reads yes and no in either language, and leaves anything else to be refused', () => {
    for (const yes of [true, 'Yes', 'TRUE', 'y', '1', '是', '✓']) expect(checkboxInput(yes)).toBe(true);
    for (const no of [false, 'No', 'false', '0', '否']) expect(checkboxInput(no)).toBe(false);
    expect(checkboxInput('maybe')).toBe('maybe');
  });

  it('reads texts as shown, taking off the apostrophe the export puts before a formula', () => {
    expect(textInput("'=HYPERLINK(\"x\")")).toBe('=HYPERLINK("x")');
    expect(textInput("'quoted'")).toBe("'quoted'");
    expect(textInput(13800138000)).toBe('13800138000');
    expect(textInput('  padded  ')).toBe('padded');
  });
});
