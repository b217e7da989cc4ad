// Reference of the organization-unit tree, written from issue 9 ("the tree (add root/child, rename,
// move by drag and drop AND by keyboard, delete a subtree with confirmation)"), spec 7.13
// (GET .../all, PUT {id}/move {newParentId}, DELETE ?id deletes the subtree), the server's rule
// Volo.Abp.Identity:OrganizationUnitMoveToDescendant and spec 8 (confirmations 'Are you sure?').
// The rules as written: a unit never goes under itself or a descendant (refused without a request);
// a move to the parent it has already is no change; after a move the new parent is expanded and the
// tree reloads; a delete asks first, counts the subtree and hands the selection to the parent; after a
// child is created its parent opens; a change of members reloads the tree (its counts); a reload drops selected or expanded units that are gone; a
// server refusal shows the server's message (and a refused move reloads the tree). Plain code: it does not import the machine.
import { type ReferenceEvent, type ReferenceRun, Recorder } from '../reference-driver.ts';
import { envelopeMessage } from './abp-error.ts';

interface Unit {
  id: string;
  parentId: string | null;
  displayName: string;
  userCount: number;
}

interface Node {
  id: string;
  name: string;
  userCount: number;
  children: Node[];
}

type Notice =
  | { kind: 'moved'; name: string; parentName: string | null }
  | { kind: 'moveRefused'; name: string }
  | { kind: 'failed'; message: string | null }
  | { kind: 'deleted'; name: string; count: number };

type Form = { mode: 'createRoot' | 'createChild' | 'rename'; id: string | null };

export interface OrganizationUnitTreeExpectedView {
  phase: string;
  tree: Node[];
  selected: { id: string; name: string; parentId: string | null } | null;
  expandedIds: string[];
  dragId: string | null;
  move: { id: string; name: string; newParentId: string | null; targets: Array<{ id: string; name: string; depth: number }> } | null;
  deleting: { id: string; name: string; count: number } | null;
  form: Form | null;
  notice: Notice | null;
  canAct: boolean;
}

/** The ancestors of `id`, nearest first. */
function ancestors(units: Unit[], id: string | null): string[] {
  const result: string[] = [];
  let at = id === null ? undefined : units.find((unit) => unit.id === id);
  while (at && at.parentId !== null && !result.includes(at.parentId)) {
    result.push(at.parentId);
    at = units.find((unit) => unit.id === at!.parentId);
  }
  return result;
}

/** Is `target` the unit `id` or somewhere below it? */
const underOrSelf = (units: Unit[], id: string, target: string | null) => target === id || ancestors(units, target).includes(id);

export function organizationUnitTreeReference(): ReferenceRun<OrganizationUnitTreeExpectedView> {
  const recorder = new Recorder();
  let phase = 'loading';
  let units: Unit[] = [];
  let selectedId: string | null = null;
  let expandedIds: string[] = [];
  let dragId: string | null = null;
  let move: { id: string; newParentId: string | null } | null = null;
  let deleteId: string | null = null;
  let form: Form | null = null;
  let notice: Notice | null = null;
  recorder.call('loadUnits', undefined);

  const name = (id: string | null) => units.find((unit) => unit.id === id)?.displayName ?? '';
  const parent = (id: string) => units.find((unit) => unit.id === id)?.parentId ?? null;
  const reload = () => {
    phase = 'loading';
    recorder.call('loadUnits', undefined);
  };
  const open = (id: string | null) => {
    if (id !== null && !expandedIds.includes(id)) expandedIds = [...expandedIds, id];
  };
  /** The outcome of a chosen move: refused, nothing to do, or run. */
  const tryMove = (wanted: { id: string; newParentId: string | null }): 'refused' | 'same' | 'run' => {
    if (underOrSelf(units, wanted.id, wanted.newParentId)) {
      notice = { kind: 'moveRefused', name: name(wanted.id) };
      return 'refused';
    }
    if (parent(wanted.id) === wanted.newParentId) return 'same';
    move = wanted;
    phase = 'moving';
    recorder.call('moveUnit', { id: wanted.id, newParentId: wanted.newParentId });
    return 'run';
  };
  const children = (of: string | null): Node[] =>
    units
      .filter((unit) => unit.parentId === of)
      .map((unit) => ({ id: unit.id, name: unit.displayName, userCount: unit.userCount, children: children(unit.id) }));

  return {
    take: () => recorder.take(),
    view: () => {
      const selectedUnit = units.find((unit) => unit.id === selectedId);
      return {
        phase,
        tree: children(null),
        selected: selectedUnit ? { id: selectedUnit.id, name: selectedUnit.displayName, parentId: selectedUnit.parentId } : null,
        expandedIds,
        dragId,
        move: move
          ? {
              id: move.id,
              name: name(move.id),
              newParentId: move.newParentId,
              targets: units
                .filter((unit) => !underOrSelf(units, move!.id, unit.id))
                .map((unit) => ({ id: unit.id, name: unit.displayName, depth: ancestors(units, unit.id).length })),
            }
          : null,
        deleting: deleteId
          ? { id: deleteId, name: name(deleteId), count: units.filter((unit) => underOrSelf(units, deleteId!, unit.id)).length }
          : null,
        form,
        notice,
        canAct: phase === 'ready',
      };
    },
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & Record<string, unknown>;
      const failure = () => {
        const message = envelopeMessage(e.error);
        recorder.emit({ type: 'action.failed', message });
        notice = { kind: 'failed', message };
      };
      switch (phase) {
        case 'loading':
          if (e.type === 'done' && e.actor === 'loadUnits') {
            units = e.output as Unit[];
            const exists = (id: string) => units.some((unit) => unit.id === id);
            if (selectedId !== null && !exists(selectedId)) selectedId = null;
            expandedIds = expandedIds.filter(exists);
            phase = 'ready';
          } else if (e.type === 'error' && e.actor === 'loadUnits') phase = 'loadFailed';
          return;
        case 'loadFailed':
          if (e.type === 'retry') reload();
          return;
        case 'ready':
          if (e.type === 'unit.select') {
            selectedId = e.id as string | null;
            notice = null;
          } else if (e.type === 'tree.expand') expandedIds = [...(e.ids as string[])];
          else if (e.type === 'units.changed') reload();
          else if (e.type === 'drag.start') {
            dragId = e.id as string;
            notice = null;
          } else if (e.type === 'drag.end') dragId = null;
          else if (e.type === 'move.drop') {
            dragId = null;
            if (tryMove({ id: e.id as string, newParentId: e.newParentId as string | null }) !== 'run') move = null;
          } else if (e.type === 'move.open') {
            move = { id: e.id as string, newParentId: parent(e.id as string) };
            notice = null;
            phase = 'choosingParent';
          } else if (e.type === 'delete.request') {
            deleteId = e.id as string;
            notice = null;
            phase = 'confirmingDelete';
          } else if (e.type === 'form.open') {
            form = { mode: e.mode as Form['mode'], id: e.id as string | null };
            notice = null;
            phase = 'editing';
          }
          return;
        case 'choosingParent':
          if (e.type === 'move.pick') move = { id: move!.id, newParentId: e.newParentId as string | null };
          else if (e.type === 'move.confirm') {
            const outcome = tryMove(move!);
            if (outcome === 'same') {
              move = null;
              phase = 'ready';
            }
          } else if (e.type === 'move.cancel') {
            move = null;
            phase = 'ready';
          }
          return;
        case 'moving':
          if (e.type === 'done' && e.actor === 'moveUnit') {
            recorder.emit({ type: 'unit.moved', name: name(move!.id) });
            notice = { kind: 'moved', name: name(move!.id), parentName: move!.newParentId === null ? null : name(move!.newParentId) };
            open(move!.newParentId);
            move = null;
            reload();
          } else if (e.type === 'error' && e.actor === 'moveUnit') {
            // The server refused: the tree it holds differs from the one shown, so it reloads.
            failure();
            move = null;
            reload();
          }
          return;
        case 'confirmingDelete':
          if (e.type === 'delete.confirm') {
            phase = 'deleting';
            recorder.call('deleteUnit', { id: deleteId });
          } else if (e.type === 'delete.cancel') {
            deleteId = null;
            phase = 'ready';
          }
          return;
        case 'deleting':
          if (e.type === 'done' && e.actor === 'deleteUnit') {
            const id = deleteId!;
            const gone = units.filter((unit) => underOrSelf(units, id, unit.id)).map((unit) => unit.id);
            recorder.emit({ type: 'unit.deleted', name: name(id), count: gone.length });
            notice = { kind: 'deleted', name: name(id), count: gone.length };
            if (selectedId !== null && gone.includes(selectedId)) selectedId = parent(id);
            deleteId = null;
            reload();
          } else if (e.type === 'error' && e.actor === 'deleteUnit') {
            failure();
            deleteId = null;
            phase = 'ready';
          }
          return;
        case 'editing':
          if (e.type === 'form.saved') {
            recorder.emit({ type: 'unit.saved' });
            if (form?.mode === 'createChild') open(form.id);
            form = null;
            reload();
          } else if (e.type === 'form.closed') {
            form = null;
            phase = 'ready';
          }
          return;
      }
    },
  };
}
