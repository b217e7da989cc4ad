// Reference of the 'Are you sure?' confirmation, written from spec 8 ("Confirmations are warnings
// titled 'Are you sure?'": before creating an account link, before deleting an account link or a
// delegation, with the user name as parameter). One question at a time: a second request while one
// is open is answered no at once, so no caller waits for ever; an answer closes the question and
// says which one it answered. Plain code: it does not import the machine.
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';

type Question = { id: string; message: string } | null;

export const confirmActionRules: RuleBook = {
  source: "spec 8 (confirmations titled 'Are you sure?')",
  rules: {
    ask: { state: 'idle', text: 'A request opens the question with its message.' },
    busy: { state: 'asking', text: 'Another request while a question is open is answered no at once; the open one stays.' },
    answer: { state: 'asking', text: 'Yes or no closes the question and reports the answer with its id.' },
    noQuestion: { state: 'idle', text: 'An answer without an open question does nothing.', ignored: true },
  },
};

export function confirmActionReference(): ReferenceRun<Question> {
  const recorder = new Recorder();
  let open: Question = null;
  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => open,
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & { id?: string; message?: string; yes?: boolean };
      if (e.type === 'confirm.request' && open === null) {
        recorder.rule('ask');
        open = { id: e.id ?? '', message: e.message ?? '' };
      } else if (e.type === 'confirm.request') {
        recorder.rule('busy');
        recorder.emit({ type: 'confirm.answered', id: e.id, yes: false });
      } else if (e.type === 'confirm.answer' && open !== null) {
        recorder.rule('answer');
        recorder.emit({ type: 'confirm.answered', id: open.id, yes: e.yes === true });
        open = null;
      } else if (e.type === 'confirm.answer') recorder.rule('noQuestion');
    },
  };
}
