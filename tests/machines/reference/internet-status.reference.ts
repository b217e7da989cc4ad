// Reference of the shell's internet-status indicator, written from spec 1 ("always present in the
// shell: ... an internet-status indicator") and issue 21's rules for it: the status starts as the
// browser reports it; going offline shows at once; coming back shows 'back online' for a short
// notice (3 s), then nothing; offline again during the notice drops the notice; a report of the
// status already shown changes nothing. Plain code: it does not import the machine.
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';

export interface InternetStatusExpectedView {
  isOffline: boolean;
  isBackOnline: boolean;
}

type Status = 'online' | 'offline' | 'backOnline';

export const internetStatusRules: RuleBook = {
  source: 'spec 1 (internet-status indicator), issue 21',
  rules: {
    watch: { state: 'checking', text: "The browser's online/offline reports are watched from the start." },
    startOnline: { state: 'checking', text: 'A browser that is online at start shows nothing.' },
    startOffline: { state: 'checking', text: 'A browser that is offline at start shows offline at once.' },
    goOffline: { state: 'online', text: "'connection.offline' shows offline at once." },
    comeBack: { state: 'offline', text: "'connection.online' shows 'back online' (not offline any more)." },
    noticeEnds: { state: 'backOnline', text: "The 'back online' notice hides after 3 s (backOnlineNotice)." },
    offlineDuringNotice: { state: 'backOnline', text: "'connection.offline' during the notice drops it and shows offline." },
  },
  equivalentMutants: [
    { mutant: 'setup({ types: {} })', why: 'types exist for the compiler only; nothing runs differently.' },
    { mutant: "invoke id 'watchConnection' → ''", why: 'nothing addresses the watcher by id; it sends to its parent.' },
  ],
};

export function internetStatusReference(rawInput: unknown): ReferenceRun<InternetStatusExpectedView> {
  const recorder = new Recorder();
  const input = rawInput as { isOnline: boolean };
  // The browser's reports are watched for as long as the shell runs.
  recorder.call('watchConnection', undefined);
  recorder.rule('watch');
  let status: Status = input.isOnline ? 'online' : 'offline';
  recorder.rule(input.isOnline ? 'startOnline' : 'startOffline');
  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => ({ isOffline: status === 'offline', isBackOnline: status === 'backOnline' }),
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & { delay?: string };
      if (status === 'online' && e.type === 'connection.offline') {
        recorder.rule('goOffline');
        status = 'offline';
      } else if (status === 'offline' && e.type === 'connection.online') {
        recorder.rule('comeBack');
        status = 'backOnline';
      } else if (status === 'backOnline' && e.type === 'after' && e.delay === 'backOnlineNotice') {
        recorder.rule('noticeEnds');
        status = 'online';
      } else if (status === 'backOnline' && e.type === 'connection.offline') {
        recorder.rule('offlineDuringNotice');
        status = 'offline';
      }
    },
  };
}
