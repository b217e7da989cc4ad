// CSV in and out (RFC 4180). Rules:
// - written: comma-separated, CRLF line ends, a field quoted when it holds a comma, quote, CR or LF,
//   quotes doubled; a UTF-8 byte-order mark first so spreadsheet programs read non-ASCII text right;
// - every text field goes through the exports' one formula-injection guard (export/cells.ts): a
//   value starting with = + - @ tab or CR gets a leading apostrophe;
// - a whole document at once (writeCsv) or streamed row by row (createCsvWriter), byte for byte the
//   same;
// - read: RFC 4180 with quoted fields spanning lines; the separator is the first of , ; or tab found
//   outside quotes in the header line (ABP's own files use ';'); a byte-order mark is skipped;
//   blank lines are dropped.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { type CellValue, safeText } from '../export/cells.ts';
import type { RowWriter } from '../export/xlsx.ts';

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

const headerLine = (columns: CsvColumn[]) => columns.map((c) => field(c.header)).join(',');
const line = (columns: CsvColumn[], row: Record<string, CellValue>) => columns.map((c) => field(row[c.key])).join(',');

/** A whole CSV document for the rows, header line first. */
export function writeCsv(columns: CsvColumn[], rows: Iterable<Record<string, CellValue>>): Buffer {
  const lines = [headerLine(columns)];
  for (const row of rows) lines.push(line(columns, row));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** The same document written row by row into a stream (the exports' file writer for CSV). */
export function createCsvWriter(stream: Writable, columns: CsvColumn[]): RowWriter {
  let pending: string[] = [`\uFEFF${headerLine(columns)}\r\n`];
  const flush = () => {
    if (!pending.length) return true;
    const text = pending.join('');
    pending = [];
    return stream.write(text, 'utf8');
  };
  return {
    addRow(values) {
      pending.push(`${line(columns, values)}\r\n`);
      if (pending.length >= 500) flush();
    },
    // once() rejects when the stream fails instead of waiting for a drain that never comes.
    drain: async () => {
      if (flush()) await new Promise((resolve) => setImmediate(resolve));
      else await once(stream, 'drain');
    },
    async finish() {
      flush();
      await new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
    },
  };
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
