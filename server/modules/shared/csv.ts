// CSV in and out (RFC 4180). Rules:
// - written: comma-separated, CRLF line ends, a field quoted when it holds a comma, quote, CR or LF,
//   quotes doubled; a UTF-8 byte-order mark first so spreadsheet programs read non-ASCII text right;
// - every text field goes through the spreadsheet exports' formula-injection guard (safeText): a
//   value starting with = + - @ tab or CR gets a leading apostrophe;
// - read: RFC 4180 with quoted fields spanning lines; the separator is the first of , ; or tab found
//   outside quotes in the header line (ABP's own files use ';'); a byte-order mark is skipped;
//   blank lines are dropped.
import { type CellValue, safeText } from '../audit-logging/export-xlsx.ts';

export interface CsvColumn {
  header: string;
  key: string;
}

const needsQuotes = /[",\r\n]/;

function field(value: CellValue): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? safeText(value) : String(value);
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV document for the rows, header line first. */
export function writeCsv(columns: CsvColumn[], rows: Iterable<Record<string, CellValue>>): Buffer {
  const lines = [columns.map((c) => field(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => field(row[c.key])).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

function separatorOf(text: string): string {
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === ',' || char === ';' || char === '\t')) return char;
    else if (!quoted && (char === '\n' || char === '\r')) break;
  }
  return ',';
}

/** The records of a CSV text (the header line included), each a list of fields. */
export function parseCsv(input: string): string[][] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const separator = separatorOf(text);
  const records: string[][] = [];
  let record: string[] = [];
  let value = '';
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    record.push(value);
    value = '';
    if (record.length > 1 || record[0] !== '') records.push(record);
    record = [];
  };
  while (i < text.length) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          value += '"';
          i += 1;
        } else quoted = false;
      } else value += char;
    } else if (char === '"' && value === '') quoted = true;
    else if (char === separator) {
      record.push(value);
      value = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
    } else value += char;
    i += 1;
  }
  if (value !== '' || record.length) endRecord();
  return records;
}
