// The organization-unit tree (issue 9; spec 2.2, 6 AbpIdentity.OrganizationUnits.ManageOU, 7.13):
// which unit is selected, which are expanded, a move in progress (picked in a dialog or dropped by
// drag and drop), a delete waiting for 'Are you sure?', the create/rename form being open, and the
// reload after every change. Rules:
// - The tree is the server's flat list (GET .../all, code order); it reloads after each change
//   (create, rename, move, delete), and a reload forgets selected or expanded units that are gone.
// - A unit never moves under itself or one of its descendants: such a drop or pick is refused here,
//   with no request (`notice` moveRefused, announced), and a refusal of the server (it checks too;
//   the tree changed meanwhile) says the server's localized message and reloads the tree. Moving to the parent it already has does nothing.
// - A move by keyboard opens a dialog (`move.open`) whose target starts at the current parent;
//   `move.pick` changes it, `move.confirm` runs it. A drop (`move.drop`) runs at once.
// - After a move the new parent is expanded and the moved unit stays selected; the result is
//   announced (`notice` moved {name, parentName}).
// - Delete removes the unit with its whole subtree; it asks first, naming how many units go
//   (`deleteCount`). After it, a selection inside the subtree goes to the deleted unit's parent.
// - After a child is created its parent is expanded. A change of a unit's members (`units.changed`)
//   reloads the tree for its member counts.
// - Effects are the named actors loadUnits, moveUnit {id, newParentId}, deleteUnit {id}; toasts leave
//   as emitted events (unit.saved, unit.moved, unit.deleted, action.failed {message}).
import { assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { OrganizationUnitWithDetailsDto } from '../../contract/identity-organization.ts';

export type TreeUnit = Pick<OrganizationUnitWithDetailsDto, 'id' | 'parentId' | 'displayName' | 'userCount'>;

export type FormRequest = { mode: 'createRoot'; id: null } | { mode: 'createChild'; id: string } | { mode: 'rename'; id: string };

export type TreeNotice =
  | { kind: 'moved'; name: string; parentName: string | null }
  | { kind: 'moveRefused'; name: string }
  | { kind: 'failed'; message: string | null }
  | { kind: 'deleted'; name: string; count: number };

export interface PendingMove {
  id: string;
  newParentId: string | null;
}

export interface OrganizationUnitTreeContext {
  units: TreeUnit[];
  selectedId: string | null;
  expandedIds: string[];
  dragId: string | null;
  move: PendingMove | null;
  deleteId: string | null;
  form: FormRequest | null;
  notice: TreeNotice | null;
}

export type OrganizationUnitTreeEvent =
  | { type: 'unit.select'; id: string | null }
  | { type: 'tree.expand'; ids: string[] }
  | { type: 'drag.start'; id: string }
  | { type: 'drag.end' }
  | { type: 'move.drop'; id: string; newParentId: string | null }
  | { type: 'move.open'; id: string }
  | { type: 'move.pick'; newParentId: string | null }
  | { type: 'move.confirm' }
  | { type: 'move.cancel' }
  | { type: 'delete.request'; id: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | ({ type: 'form.open' } & FormRequest)
  | { type: 'form.saved' }
  | { type: 'form.closed' }
  | { type: 'units.changed' }
  | { type: 'retry' };

export type OrganizationUnitTreeEmitted =
  | { type: 'unit.saved' }
  | { type: 'unit.moved'; name: string }
  | { type: 'unit.deleted'; name: string; count: number }
  | { type: 'action.failed'; message: string | null };

function notProvided(name: string) {
  return () => Promise.reject(new Error(`actor ${name} is not provided`));
}

function failureMessage(error: unknown): string | null {
  const message = (error as { data?: { error?: { message?: unknown } } } | null)?.data?.error?.message;
  return typeof message === 'string' && message !== '' ? message : null;
}

/** `candidate` is `id` itself or lies under it (walking up the parents). */
export function isInSubtree(units: readonly TreeUnit[], id: string, candidate: string | null): boolean {
  const parents = new Map(units.map((unit) => [unit.id, unit.parentId]));
  const seen = new Set<string>();
  for (let at = candidate; at !== null && !seen.has(at); at = parents.get(at) ?? null) {
    if (at === id) return true;
    seen.add(at);
  }
  return false;
}

/** The unit and every unit under it. */
export function subtreeIds(units: readonly TreeUnit[], id: string): string[] {
  return units.filter((unit) => isInSubtree(units, id, unit.id)).map((unit) => unit.id);
}

const nameOf = (units: readonly TreeUnit[], id: string | null) => units.find((unit) => unit.id === id)?.displayName ?? '';
const parentOf = (units: readonly TreeUnit[], id: string) => units.find((unit) => unit.id === id)?.parentId ?? null;
const withId = (ids: readonly string[], id: string | null) => (id === null || ids.includes(id) ? [...ids] : [...ids, id]);

export const organizationUnitTreeMachine = setup({
  types: {
    context: {} as OrganizationUnitTreeContext,
    events: {} as OrganizationUnitTreeEvent,
    emitted: {} as OrganizationUnitTreeEmitted,
  },
  actors: {
    loadUnits: fromPromise<TreeUnit[], void>(notProvided('loadUnits')),
    moveUnit: fromPromise<void, PendingMove>(notProvided('moveUnit')),
    deleteUnit: fromPromise<void, { id: string }>(notProvided('deleteUnit')),
  },
  guards: {
    isIntoOwnSubtree: ({ context }, move: PendingMove) => isInSubtree(context.units, move.id, move.newParentId),
    isSameParent: ({ context }, move: PendingMove) => parentOf(context.units, move.id) === move.newParentId,
  },
  actions: {
    refuseMove: assign({
      notice: ({ context }, move: PendingMove) => ({ kind: 'moveRefused' as const, name: nameOf(context.units, move.id) }),
      move: null,
      dragId: null,
    }),
    forgetMove: assign({ move: null, dragId: null }),
  },
}).createMachine({
  id: 'organizationUnitTree',
  context: { units: [], selectedId: null, expandedIds: [], dragId: null, move: null, deleteId: null, form: null, notice: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadUnits',
        src: 'loadUnits',
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => {
            const ids = new Set(event.output.map((unit) => unit.id));
            return {
              units: event.output,
              selectedId: context.selectedId !== null && ids.has(context.selectedId) ? context.selectedId : null,
              expandedIds: context.expandedIds.filter((id) => ids.has(id)),
            };
          }),
        },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      on: { retry: 'loading' },
    },
    ready: {
      on: {
        'unit.select': { actions: assign({ selectedId: ({ event }) => event.id, notice: null }) },
        'tree.expand': { actions: assign({ expandedIds: ({ event }) => [...event.ids] }) },
        // Members or roles changed beside the tree: the member counts reload.
        'units.changed': 'loading',
        'drag.start': { actions: assign({ dragId: ({ event }) => event.id, notice: null }) },
        'drag.end': { actions: assign({ dragId: null }) },
        'move.drop': [
          {
            guard: { type: 'isIntoOwnSubtree', params: ({ event }) => ({ id: event.id, newParentId: event.newParentId }) },
            actions: { type: 'refuseMove', params: ({ event }) => ({ id: event.id, newParentId: event.newParentId }) },
          },
          {
            guard: { type: 'isSameParent', params: ({ event }) => ({ id: event.id, newParentId: event.newParentId }) },
            actions: 'forgetMove',
          },
          {
            target: 'moving',
            actions: assign({ move: ({ event }) => ({ id: event.id, newParentId: event.newParentId }), dragId: null }),
          },
        ],
        'move.open': {
          target: 'choosingParent',
          actions: assign({
            move: ({ context, event }) => ({ id: event.id, newParentId: parentOf(context.units, event.id) }),
            notice: null,
          }),
        },
        'delete.request': { target: 'confirmingDelete', actions: assign({ deleteId: ({ event }) => event.id, notice: null }) },
        'form.open': {
          target: 'editing',
          actions: assign({ form: ({ event }) => ({ mode: event.mode, id: event.id }) as FormRequest, notice: null }),
        },
      },
    },
    choosingParent: {
      on: {
        'move.pick': { actions: assign({ move: ({ context, event }) => ({ id: context.move!.id, newParentId: event.newParentId }) }) },
        'move.confirm': [
          {
            guard: { type: 'isIntoOwnSubtree', params: ({ context }) => context.move! },
            actions: assign({ notice: ({ context }) => ({ kind: 'moveRefused' as const, name: nameOf(context.units, context.move!.id) }) }),
          },
          { guard: { type: 'isSameParent', params: ({ context }) => context.move! }, target: 'ready', actions: 'forgetMove' },
          { target: 'moving' },
        ],
        'move.cancel': { target: 'ready', actions: 'forgetMove' },
      },
    },
    moving: {
      invoke: {
        id: 'moveUnit',
        src: 'moveUnit',
        input: ({ context }) => ({ id: context.move!.id, newParentId: context.move!.newParentId }),
        onDone: {
          target: 'loading',
          actions: [
            emit(({ context }) => ({ type: 'unit.moved', name: nameOf(context.units, context.move!.id) }) as const),
            assign(({ context }) => ({
              notice: {
                kind: 'moved' as const,
                name: nameOf(context.units, context.move!.id),
                parentName: context.move!.newParentId === null ? null : nameOf(context.units, context.move!.newParentId),
              },
              expandedIds: withId(context.expandedIds, context.move!.newParentId),
              move: null,
            })),
          ],
        },
        // A refusal usually means the tree changed meanwhile (someone moved a unit): reload it.
        onError: {
          target: 'loading',
          actions: [
            emit(({ event }) => ({ type: 'action.failed', message: failureMessage(event.error) }) as const),
            assign({ notice: ({ event }) => ({ kind: 'failed' as const, message: failureMessage(event.error) }), move: null }),
          ],
        },
      },
    },
    confirmingDelete: {
      on: {
        'delete.confirm': 'deleting',
        'delete.cancel': { target: 'ready', actions: assign({ deleteId: null }) },
      },
    },
    deleting: {
      invoke: {
        id: 'deleteUnit',
        src: 'deleteUnit',
        input: ({ context }) => ({ id: context.deleteId! }),
        onDone: {
          target: 'loading',
          actions: [
            emit(
              ({ context }) =>
                ({
                  type: 'unit.deleted',
                  name: nameOf(context.units, context.deleteId),
                  count: subtreeIds(context.units, context.deleteId!).length,
                }) as const,
            ),
            assign(({ context }) => {
              const id = context.deleteId!;
              const gone = subtreeIds(context.units, id);
              return {
                notice: { kind: 'deleted' as const, name: nameOf(context.units, id), count: gone.length },
                selectedId:
                  context.selectedId !== null && gone.includes(context.selectedId) ? parentOf(context.units, id) : context.selectedId,
                deleteId: null,
              };
            }),
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            emit(({ event }) => ({ type: 'action.failed', message: failureMessage(event.error) }) as const),
            assign({ notice: ({ event }) => ({ kind: 'failed' as const, message: failureMessage(event.error) }), deleteId: null }),
          ],
        },
      },
    },
    editing: {
      on: {
        'form.saved': {
          target: 'loading',
          actions: [
            emit({ type: 'unit.saved' } as const),
            assign(({ context }) => ({
              expandedIds: context.form?.mode === 'createChild' ? withId(context.expandedIds, context.form.id) : context.expandedIds,
              form: null,
            })),
          ],
        },
        'form.closed': { target: 'ready', actions: assign({ form: null }) },
      },
    },
  },
});

export type OrganizationUnitTreeMachine = typeof organizationUnitTreeMachine;

export interface TreeNode {
  id: string;
  name: string;
  userCount: number;
  children: TreeNode[];
}

export type OrganizationUnitTreePhase =
  | 'loading'
  | 'loadFailed'
  | 'ready'
  | 'choosingParent'
  | 'moving'
  | 'confirmingDelete'
  | 'deleting'
  | 'editing';

export interface OrganizationUnitTreeView {
  phase: OrganizationUnitTreePhase;
  /** Nested in the server's (code) order. */
  tree: TreeNode[];
  selected: { id: string; name: string; parentId: string | null } | null;
  expandedIds: string[];
  dragId: string | null;
  /** The move being chosen or run: its unit, the picked parent (null: root) and the parents it may go under. */
  move: { id: string; name: string; newParentId: string | null; targets: Array<{ id: string; name: string; depth: number }> } | null;
  /** The delete waiting for 'Are you sure?' or running: how many units go with it. */
  deleting: { id: string; name: string; count: number } | null;
  form: FormRequest | null;
  notice: TreeNotice | null;
  /** Tree actions are offered (none while a change runs or a dialog is open). */
  canAct: boolean;
}

function nest(units: readonly TreeUnit[]): TreeNode[] {
  const byParent = new Map<string | null, TreeUnit[]>();
  const ids = new Set(units.map((unit) => unit.id));
  for (const unit of units) {
    const parent = unit.parentId !== null && ids.has(unit.parentId) ? unit.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), unit]);
  }
  const build = (parent: string | null): TreeNode[] =>
    (byParent.get(parent) ?? []).map((unit) => ({
      id: unit.id,
      name: unit.displayName,
      userCount: unit.userCount,
      children: build(unit.id),
    }));
  return build(null);
}

function depthOf(units: readonly TreeUnit[], id: string): number {
  let depth = 0;
  for (let at = parentOf(units, id); at !== null && depth < units.length; at = parentOf(units, at)) depth++;
  return depth;
}

export function selectOrganizationUnitTree(snapshot: SnapshotFrom<OrganizationUnitTreeMachine>): OrganizationUnitTreeView {
  const { units, selectedId, expandedIds, dragId, move, deleteId, form, notice } = snapshot.context;
  const phase = snapshot.value as OrganizationUnitTreePhase;
  const selectedUnit = units.find((unit) => unit.id === selectedId);
  return {
    phase,
    tree: nest(units),
    selected: selectedUnit ? { id: selectedUnit.id, name: selectedUnit.displayName, parentId: selectedUnit.parentId } : null,
    expandedIds,
    dragId,
    move:
      move === null
        ? null
        : {
            id: move.id,
            name: nameOf(units, move.id),
            newParentId: move.newParentId,
            targets: units
              .filter((unit) => !isInSubtree(units, move.id, unit.id))
              .map((unit) => ({ id: unit.id, name: unit.displayName, depth: depthOf(units, unit.id) })),
          },
    deleting: deleteId === null ? null : { id: deleteId, name: nameOf(units, deleteId), count: subtreeIds(units, deleteId).length },
    form,
    notice,
    canAct: phase === 'ready',
  };
}
