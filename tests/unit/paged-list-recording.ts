// A recorded paged-list run for the replay tests (issue 12): the list loads one row, a filter is
// typed (with a password-like field the recorder must redact) and submitted, so the list is
// `loading` again. Real machine, fake fetchPage, the app's recorder.
import { createActor } from 'xstate';
import { pagedListMachine } from '../../machines/generic/paged-list.machine.ts';
import { createRecorder } from '../../machines/inspection/recorder.ts';
import { parseRecording, type Recording } from '../../machines/inspection/recording.ts';
import { fakeActors, settled } from '../machines/model-driver.ts';

export async function recordPagedListFilter(): Promise<Recording> {
  const time = { now: 1_700_000_000_000 };
  const recorder = createRecorder({ appVersion: 'test', now: () => time.now });
  const fakes = fakeActors(['fetchPage'] as const);
  const actor = createActor(pagedListMachine.provide({ actors: fakes.actors }), { input: {}, inspect: recorder.inspect });
  actor.start();
  const step = async (ms: number, act: () => void) => {
    time.now += ms;
    act();
    await settled();
  };
  await step(40, () => fakes.settle('fetchPage', { output: { items: [{ id: 'a' }], totalCount: 1 } }));
  await step(500, () => actor.send({ type: 'filter.change', filters: { userName: 'adm', password: 'hunter2' } }));
  await step(300, () => actor.send({ type: 'filter.submit' }));
  return parseRecording(JSON.stringify(recorder.save()));
}
