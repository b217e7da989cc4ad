// Reference of the menu groups the user opens, written from spec 2.3 (the side menu's groups; the
// filter expands the parents of matches, which is menuFilter's own) and spec 2.2 (the main menu's
// groups). A group opens and closes by its id; the open ones keep the order they were opened in;
// collapsing closes all. Plain code: it does not import the machine.
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';

export const menuGroupsRules: RuleBook = {
  source: 'spec 2.2 (main menu), 2.3 (side menu)',
  rules: {
    open: { state: 'collapsed', text: 'Toggling a group opens it.' },
    openAnother: { state: 'expanded', text: 'Toggling a closed group opens it too, after the ones already open.' },
    close: { state: 'expanded', text: 'Toggling an open group closes it; the others stay open.' },
    closeLast: { state: 'expanded', text: 'Closing the last open group leaves the menu collapsed.' },
    collapseAll: { state: 'expanded', text: 'Collapse all closes every group the user opened.' },
  },
};

export function menuGroupsReference(): ReferenceRun<string[]> {
  const recorder = new Recorder();
  let open: string[] = [];
  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => open,
    send(event: ReferenceEvent) {
      const id = (event as { id?: string }).id ?? '';
      if (event.type === 'menu.toggle') {
        if (open.includes(id)) {
          recorder.rule(open.length === 1 ? 'closeLast' : 'close');
          open = open.filter((each) => each !== id);
        } else {
          recorder.rule(open.length === 0 ? 'open' : 'openAnother');
          open = [...open, id];
        }
      } else if (event.type === 'menu.collapseAll' && open.length > 0) {
        recorder.rule('collapseAll');
        open = [];
      }
    },
  };
}
