// The one guard every exported cell goes through, CSV and XLSX alike. Rules:
// - formula injection (OWASP "CSV injection"): a text starting with = + - @ tab or CR gets a leading
//   apostrophe, so no spreadsheet program evaluates it; it is always written as text;
// - characters XML 1.0 cannot carry are dropped (an xlsx cell could not hold them, and a CSV file
//   read back by a spreadsheet would show them as garbage);
// - texts are cut at Excel's 32,767-character cell limit;
// - numbers, booleans and empty values pass as they are (they cannot start a formula).

export type CellValue = string | number | boolean | null | undefined;

const maxCellLength = 32_767;
const formulaStart = /^[=+\-@\t\r]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing the control characters XML 1.0 forbids is the point
const xmlForbidden = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** A text value a spreadsheet will never evaluate as a formula. */
export function safeText(value: string): string {
  const clean = value.replace(xmlForbidden, '');
  const safe = formulaStart.test(clean) ? `'${clean}` : clean;
  return safe.length > maxCellLength ? safe.slice(0, maxCellLength) : safe;
}

export const safeCell = (value: CellValue): CellValue => (typeof value === 'string' ? safeText(value) : value);
