// The export client's pure parts (src/api/audit-export.ts): which filters travel, how the two kinds
// of answer and the job's progress are read, and the file the browser saves.
import { describe, expect, it } from 'vitest';
import { base64ToBytes, exportQuery, toExportAnswer, toExportProgress, xlsxFileName } from '../../src/api/audit-export.ts';

describe('audit export client', () => {
  it('sends only the filters that have a value, never paging', () => {
    expect(
      exportQuery({
        userName: 'admin',
        url: '',
        httpMethod: null,
        hasException: false,
        minExecutionDuration: 0,
        maxResultCount: 10,
        skipCount: 20,
        x: undefined,
      }),
    ).toEqual({ userName: 'admin', hasException: false, minExecutionDuration: 0 });
  });

  it('reads an immediate file or a background job', () => {
    expect(toExportAnswer({ fileData: 'UEsDBA==', fileName: 'AuditLogs.xlsx' })).toEqual({
      kind: 'file',
      fileData: 'UEsDBA==',
      fileName: 'AuditLogs.xlsx',
    });
    expect(toExportAnswer({ jobId: 'j1' })).toEqual({ kind: 'job', jobId: 'j1' });
    expect(toExportAnswer({ id: 'j2', status: 'running' })).toEqual({ kind: 'job', jobId: 'j2' });
    expect(() => toExportAnswer({})).toThrow(/neither a file nor a job/);
  });

  it('reads progress, and turns the expiry into a lifetime from now', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(toExportProgress({ status: 'Running', processedCount: 10, totalCount: 100 }, now)).toEqual({
      status: 'running',
      processed: 10,
      total: 100,
    });
    expect(toExportProgress({ status: 'queued' }, now)).toEqual({ status: 'running', processed: 0, total: null });
    expect(toExportProgress({ status: 'completed', fileName: 'a.xlsx', expiresAt: '2026-11-22T10:05:00Z' }, now)).toEqual({
      status: 'completed',
      fileName: 'a.xlsx',
      expiresInMs: 300_000,
    });
    expect(toExportProgress({ status: 'completed', fileName: 'a.xlsx', expiresInSeconds: 60 }, now)).toMatchObject({ expiresInMs: 60_000 });
    // Already expired: no link at all rather than a negative lifetime.
    expect(toExportProgress({ status: 'completed', fileName: 'a.xlsx', expiresAt: '2026-11-22T09:00:00Z' }, now)).toMatchObject({
      expiresInMs: 0,
    });
    expect(toExportProgress({ status: 'failed', message: 'Disk full' }, now)).toEqual({ status: 'failed', message: 'Disk full' });
  });

  it('decodes base64 exactly and refuses anything else', () => {
    expect([...base64ToBytes('UEsDBA==')]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    expect([...base64ToBytes('UEsD\nBA==')]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    expect(base64ToBytes('')).toHaveLength(0);
    expect(() => base64ToBytes('not base64!')).toThrow(/base64/);
  });

  it('saves under the server name with an .xlsx extension', () => {
    expect(xlsxFileName('AuditLogs.xlsx')).toBe('AuditLogs.xlsx');
    expect(xlsxFileName('AuditLogs')).toBe('AuditLogs.xlsx');
    expect(xlsxFileName('../etc/passwd')).toBe('.._etc_passwd.xlsx');
    expect(xlsxFileName('  ')).toBe('export.xlsx');
  });
});
