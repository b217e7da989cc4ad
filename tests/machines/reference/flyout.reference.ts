// Reference of a toolbar flyout (the settings panel and the user menu), written from spec 2.3 (the
// settings panel opens on click in the side-menu layout and on hover in the top-menu layout; the
// same triggers apply to the user menu). A click (or Enter/Space) toggles it in both layouts, since
// keyboard and touch users cannot hover; with hover, leaving closes after a short grace time in which
// coming back keeps it open; Escape, a click outside or a navigation close it at once; a layout
// change reconfigures the trigger and closes it. Plain code: it does not import the machine.
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';

export const flyoutRules: RuleBook = {
  source: 'spec 2.3 (settings panel and user menu triggers)',
  rules: {
    configure: { state: 'any state', text: 'A layout change sets the trigger (click or hover) and closes the flyout.' },
    clickOpen: { state: 'closed', text: 'A click opens it, whatever the trigger.' },
    hoverOpen: { state: 'closed', text: 'With the hover trigger, the pointer entering opens it.' },
    clickClose: { state: 'open', text: 'A click closes it.' },
    close: { state: 'open', text: 'Escape, a click outside, an entry chosen or a navigation close it at once.' },
    leave: { state: 'open', text: 'With the hover trigger, the pointer leaving starts the grace time; it still shows.' },
    graceOver: { state: 'closing', text: 'The grace time over, it closes.' },
    comeBack: { state: 'closing', text: 'The pointer back within the grace time keeps it open.' },
    closeDuringGrace: { state: 'closing', text: 'A click, Escape or a navigation during the grace time close it at once.' },
  },
};

export function flyoutReference(rawInput: unknown): ReferenceRun<{ isOpen: boolean }> {
  let trigger = (rawInput as { trigger: 'click' | 'hover' }).trigger;
  const recorder = new Recorder();
  let phase: 'closed' | 'open' | 'closing' = 'closed';
  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => ({ isOpen: phase !== 'closed' }),
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & { trigger?: 'click' | 'hover'; delay?: string };
      if (e.type === 'flyout.configure') {
        recorder.rule('configure');
        trigger = e.trigger ?? trigger;
        phase = 'closed';
      } else if (phase === 'closed' && e.type === 'flyout.toggle') {
        recorder.rule('clickOpen');
        phase = 'open';
      } else if (phase === 'closed' && e.type === 'flyout.pointerEnter' && trigger === 'hover') {
        recorder.rule('hoverOpen');
        phase = 'open';
      } else if (phase === 'open' && e.type === 'flyout.toggle') {
        recorder.rule('clickClose');
        phase = 'closed';
      } else if (phase === 'open' && e.type === 'flyout.close') {
        recorder.rule('close');
        phase = 'closed';
      } else if (phase === 'open' && e.type === 'flyout.pointerLeave' && trigger === 'hover') {
        recorder.rule('leave');
        phase = 'closing';
      } else if (phase === 'closing' && e.type === 'after' && e.delay === 'hoverCloseDelay') {
        recorder.rule('graceOver');
        phase = 'closed';
      } else if (phase === 'closing' && e.type === 'flyout.pointerEnter') {
        recorder.rule('comeBack');
        phase = 'open';
      } else if (phase === 'closing' && (e.type === 'flyout.toggle' || e.type === 'flyout.close')) {
        recorder.rule('closeDuringGrace');
        phase = 'closed';
      }
    },
  };
}
