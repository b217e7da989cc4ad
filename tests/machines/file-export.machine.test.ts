// The export machine with fake actors on a SimulatedClock: examples that pin issue 5 item 4 and
// spec 8 (immediate file, background job with progress and an expiring link, no double start,
// cancel, 'Export completed' / 'Export failed'), then every generated model path (the ones
// docs/machines/fileExport.md lists).
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { failureMessage, fileExportMachine, selectFileExport } from '../../machines/generic/file-export.machine.ts';
import { completed, fileAnswer, fileExportModel, jobAnswer, linkAnswer, running } from '../../machines/generic/file-export.model.ts';
import { fakeActors, settled } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { fileExportReference } from './reference/file-export.reference.ts';

const actorNames = ['requestExport', 'saveFile', 'checkProgress', 'downloadFile'] as const;

function start(kind: 'auditLogs' | 'entityChanges' = 'auditLogs') {
  const fakes = fakeActors(actorNames);
  const clock = new SimulatedClock();
  const actor = createActor(fileExportMachine.provide({ actors: fakes.actors }), { input: { resource: kind }, clock });
  const emitted: unknown[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, fakes, clock, emitted, view: () => selectFileExport(actor.getSnapshot()) };
}

describe('audit export', () => {
  it('saves an immediate answer under the server file name, then says Export completed', async () => {
    const run = start();
    expect(run.view()).toMatchObject({ phase: 'idle', canStart: true, canCancel: false });
    run.actor.send({ type: 'export.start', filters: { userName: 'admin', httpMethod: null } });
    expect(run.view()).toMatchObject({ phase: 'requesting', canStart: false, canCancel: true });
    expect(run.fakes.calls).toEqual([
      { name: 'requestExport', input: { resource: 'auditLogs', format: 'xlsx', filters: { userName: 'admin', httpMethod: null } } },
    ]);
    run.fakes.settle('requestExport', { output: fileAnswer });
    await settled();
    // The base64 goes straight to the download, never into the machine's context.
    expect(run.fakes.calls[1]).toEqual({ name: 'saveFile', input: { fileData: 'UEsDBA==', fileName: 'AuditLogs.xlsx' } });
    expect(JSON.stringify(run.actor.getSnapshot().context)).not.toContain('UEsDBA==');
    run.fakes.settle('saveFile', { output: 'AuditLogs.xlsx' });
    await settled();
    expect(run.view().phase).toBe('idle');
    expect(run.emitted).toEqual([{ type: 'export.completed', fileName: 'AuditLogs.xlsx' }]);
  });

  it('never starts a second export while one is under way', async () => {
    const run = start('entityChanges');
    run.actor.send({ type: 'export.start', filters: { entityId: '42' } });
    run.actor.send({ type: 'export.start', filters: { entityId: '43' } });
    run.fakes.settle('requestExport', { output: jobAnswer });
    await settled();
    run.actor.send({ type: 'export.start', filters: { entityId: '44' } });
    expect(run.fakes.calls.map((call) => call.name)).toEqual(['requestExport', 'checkProgress']);
    expect(run.fakes.calls[0]?.input).toEqual({ resource: 'entityChanges', format: 'xlsx', filters: { entityId: '42' } });
  });

  it('follows a background job: progress, polling, a link that expires with the server file', async () => {
    const run = start();
    run.actor.send({ type: 'export.start', filters: {} });
    run.fakes.settle('requestExport', { output: jobAnswer });
    await settled();
    expect(run.fakes.calls.at(-1)).toEqual({ name: 'checkProgress', input: { jobId: 'job-1' } });
    run.fakes.settle('checkProgress', { output: running });
    await settled();
    expect(run.view()).toMatchObject({ phase: 'running', progress: { processed: 500, total: 2000 }, canCancel: true });
    run.clock.increment(999);
    expect(run.fakes.calls.filter((call) => call.name === 'checkProgress')).toHaveLength(1);
    run.clock.increment(1);
    expect(run.fakes.calls.filter((call) => call.name === 'checkProgress')).toHaveLength(2);
    run.fakes.settle('checkProgress', { output: { ...completed, expiresInMs: 30_000 } });
    await settled();
    expect(run.view()).toMatchObject({ phase: 'ready', fileName: 'AuditLogs-job-1.xlsx', canStart: true });
    expect(run.emitted).toEqual([{ type: 'export.completed', fileName: 'AuditLogs-job-1.xlsx' }]);
    run.actor.send({ type: 'export.download' });
    expect(run.fakes.calls.at(-1)).toEqual({ name: 'downloadFile', input: { fileName: 'AuditLogs-job-1.xlsx' } });
    run.fakes.settle('downloadFile', { output: undefined });
    await settled();
    // The link lasts exactly as long as the server keeps the file.
    run.clock.increment(29_999);
    expect(run.view().phase).toBe('ready');
    run.clock.increment(1);
    expect(run.view()).toMatchObject({ phase: 'expired', canStart: true });
    run.actor.send({ type: 'export.download' });
    expect(run.fakes.calls.filter((call) => call.name === 'downloadFile')).toHaveLength(1);
  });

  it('stops polling on cancel', async () => {
    const run = start();
    run.actor.send({ type: 'export.start', filters: {} });
    run.fakes.settle('requestExport', { output: jobAnswer });
    await settled();
    run.fakes.settle('checkProgress', { output: running });
    await settled();
    run.actor.send({ type: 'export.cancel' });
    run.clock.increment(10_000);
    expect(run.view()).toMatchObject({ phase: 'idle', progress: null });
    expect(run.fakes.calls.filter((call) => call.name === 'checkProgress')).toHaveLength(1);
    expect(run.emitted).toEqual([]);
  });

  it('says Export failed with the server message, and keeps the link after a failed download', async () => {
    const run = start();
    run.actor.send({ type: 'export.start', filters: {} });
    run.fakes.settle('requestExport', { error: { data: { error: { message: 'Too many rows' } } } });
    await settled();
    expect(run.emitted).toEqual([{ type: 'export.failed', message: 'Too many rows' }]);
    run.actor.send({ type: 'export.start', filters: {} });
    run.fakes.settle('requestExport', { output: jobAnswer });
    await settled();
    run.fakes.settle('checkProgress', { output: completed });
    await settled();
    run.actor.send({ type: 'export.download' });
    run.fakes.settle('downloadFile', { error: new TypeError('Failed to fetch') });
    await settled();
    expect(run.emitted.at(-1)).toEqual({ type: 'export.failed', message: null });
    expect(run.view().phase).toBe('ready');
  });

  it('saves a link answer by its address, with no data (the users download-token export)', async () => {
    const run = start();
    run.actor.send({ type: 'export.start', filters: { isLockedOut: true }, format: 'csv' });
    run.fakes.settle('requestExport', { output: linkAnswer });
    await settled();
    expect(run.fakes.calls[1]).toEqual({
      name: 'saveFile',
      input: { fileData: '', fileName: 'Users.csv', url: '/api/identity/users/export-as-csv?token=t1' },
    });
  });

  it('reads the message of an ABP error envelope only', () => {
    expect(failureMessage({ data: { error: { message: 'No' } } })).toBe('No');
    expect(failureMessage(new Error('boom'))).toBeNull();
    expect(failureMessage(null)).toBeNull();
  });
});

// Every generated path, checked step by step against the reference written from the spec
// (reference/file-export.reference.ts), not against the machine's own traversal (issue 21). The
// link's lifetime comes from the server's answer (a delay computed from context); the paths play it
// with the model's lifetime (the example above pins that it is the server's).
describeReferencePaths('export', {
  model: {
    ...fileExportModel,
    machine: fileExportMachine.provide({ delays: { linkLifetime: completed.status === 'completed' ? completed.expiresInMs : 0 } }),
  } as typeof fileExportModel,
  actorNames,
  select: (snapshot) => selectFileExport(snapshot as never),
  reference: fileExportReference,
});
