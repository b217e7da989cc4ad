// The spreadsheet side of the audit-log exports: one streaming exceljs workbook writer for both the
// answer-at-once exports (into memory) and the background ones (into a file). Rules:
// - rows are committed as they come, so memory does not grow with the row count;
// - every text cell is formula-injection safe: a value starting with = + - @ tab or CR gets a
//   leading apostrophe (OWASP CSV/formula injection), and it is always written as a string;
// - characters XML 1.0 cannot carry are dropped and texts are cut at Excel's 32,767-character limit;
// - a sheet holds at most maxRowsPerSheet data rows; the writer continues on a new sheet.
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

export type CellValue = string | number | Date | boolean | null | undefined;

export interface ExportColumn {
  header: string;
  key: string;
  width: number;
  /** Dates get a date-time format; numbers and texts need none. */
  date?: boolean;
}

export const maxRowsPerSheet = 1_000_000;
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

const safeCell = (value: CellValue): CellValue => (typeof value === 'string' ? safeText(value) : value);

export interface SheetWriter {
  addRow(values: Record<string, CellValue>): void;
  /** Lets the zip stream drain between batches. */
  drain(): Promise<void>;
  finish(): Promise<void>;
}

export function createSheetWriter(stream: Writable, sheetName: string, columns: ExportColumn[]): SheetWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Finance Admin';
  let sheetIndex = 0;
  let rowsInSheet = 0;
  const addSheet = () => {
    sheetIndex += 1;
    const sheet = workbook.addWorksheet(sheetIndex === 1 ? sheetName : `${sheetName} (${sheetIndex})`, {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = columns.map((column) => ({
      header: safeText(column.header),
      key: column.key,
      width: column.width,
      style: column.date ? { numFmt: 'yyyy-mm-dd hh:mm:ss' } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    return sheet;
  };
  let sheet = addSheet();
  return {
    addRow(values) {
      if (rowsInSheet === maxRowsPerSheet) {
        sheet.commit();
        sheet = addSheet();
        rowsInSheet = 0;
      }
      const row: Record<string, CellValue> = {};
      for (const column of columns) row[column.key] = safeCell(values[column.key]);
      sheet.addRow(row).commit();
      rowsInSheet += 1;
    },
    drain: () => new Promise((resolve) => setImmediate(resolve)),
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
