// A file import (issue 9; spec 7.13 users import): examples of the rules (one upload at a time, the
// report and the list refresh, a refused file with the server's message), then every generated
// model path checked against reference/file-import.reference.ts.
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { fileImportMachine, selectFileImport } from '../../machines/generic/file-import.machine.ts';
import { fileImportModel, fileRefusal, noneReport, partReport } from '../../machines/generic/file-import.model.ts';
import { fakeActors, settled } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { fileImportReference } from './reference/file-import.reference.ts';

function start() {
  const fakes = fakeActors(['uploadFile']);
  const actor = createActor(fileImportMachine.provide({ actors: fakes.actors }));
  const emitted: EventObject[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, fakes, emitted, view: () => selectFileImport(actor.getSnapshot()) };
}

describe('file import', () => {
  it('sends the file once, shows the report and refreshes the list', async () => {
    const run = start();
    run.actor.send({ type: 'import.open' });
    run.actor.send({ type: 'import.upload', file: 'a', fileType: 2, fileName: 'users.csv' });
    run.actor.send({ type: 'import.upload', file: 'b', fileType: 2, fileName: 'again.csv' });
    run.actor.send({ type: 'import.close' });
    expect(run.fakes.calls).toEqual([{ name: 'uploadFile', input: { file: 'a', fileType: 2 } }]);
    expect(run.view()).toMatchObject({ phase: 'uploading', canUpload: false, isOpen: true });
    run.fakes.settle('uploadFile', { output: partReport });
    await settled();
    expect(run.view()).toMatchObject({ phase: 'reporting', report: partReport });
    expect(run.emitted).toEqual([{ type: 'list.refresh' }]);
  });

  it('nothing created: no refresh; a refused file says why and lets the user choose again', async () => {
    const run = start();
    run.actor.send({ type: 'import.open' });
    run.actor.send({ type: 'import.upload', file: 'a', fileType: 1, fileName: 'users.xlsx' });
    run.fakes.settle('uploadFile', { output: noneReport });
    await settled();
    expect(run.emitted).toEqual([]);
    run.actor.send({ type: 'import.upload', file: 'b', fileType: 1, fileName: 'bad.xlsx' });
    run.fakes.settle('uploadFile', { error: fileRefusal });
    await settled();
    expect(run.view()).toMatchObject({ phase: 'choosing', error: 'The file is not a valid CSV or Excel file.', report: null });
  });
});

describeReferencePaths('file import', {
  model: fileImportModel,
  actorNames: ['uploadFile'],
  select: (snapshot) => selectFileImport(snapshot as never),
  reference: fileImportReference,
});
