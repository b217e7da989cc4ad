// The test model of the organization-unit tree: three units (root A with child A1, root B); select,
// expand, drag A1, drops under B (runs), under A (its parent: nothing) and A under A1 (refused, its
// own descendant); the keyboard move dialog (pick B, pick A1 refused, cancel); delete A with its
// child (confirmed, cancelled); create a child of A, rename A1; loads, moves and deletes that
// succeed and fail with the server's localized message.
import type { EventObject } from 'xstate';
import { describeEvent, done, failed } from '../shell/model-events.ts';
import type { MachineModel } from '../testing/model-paths.ts';
import { type OrganizationUnitTreeEvent, organizationUnitTreeMachine, type TreeUnit } from './organization-unit-tree.machine.ts';

export const units: TreeUnit[] = [
  { id: 'A', parentId: null, displayName: 'Sales', userCount: 2 },
  { id: 'A1', parentId: 'A', displayName: 'Sales east', userCount: 1 },
  { id: 'B', parentId: null, displayName: 'Support', userCount: 0 },
];

export const moveRefusal = {
  status: 403,
  data: {
    error: {
      code: 'Volo.Abp.Identity:OrganizationUnitMoveToDescendant',
      message: 'An organization unit cannot be moved under itself or under one of its own sub-units.',
    },
  },
};

const events: Array<OrganizationUnitTreeEvent | EventObject> = [
  done('loadUnits', units),
  failed('loadUnits'),
  { type: 'retry' },
  { type: 'unit.select', id: 'A1' },
  { type: 'tree.expand', ids: ['A'] },
  { type: 'drag.start', id: 'A1' },
  { type: 'drag.end' },
  { type: 'move.drop', id: 'A1', newParentId: 'B' },
  { type: 'move.drop', id: 'A1', newParentId: 'A' },
  { type: 'move.drop', id: 'A', newParentId: 'A1' },
  { type: 'move.open', id: 'A1' },
  { type: 'move.pick', newParentId: 'B' },
  { type: 'move.pick', newParentId: 'A1' },
  { type: 'move.confirm' },
  { type: 'move.cancel' },
  done('moveUnit', undefined),
  { type: 'xstate.error.actor.moveUnit', error: moveRefusal } as EventObject,
  { type: 'delete.request', id: 'A' },
  { type: 'delete.confirm' },
  { type: 'delete.cancel' },
  done('deleteUnit', undefined),
  failed('deleteUnit'),
  { type: 'form.open', mode: 'createChild', id: 'A' },
  { type: 'form.open', mode: 'rename', id: 'A1' },
  { type: 'form.saved' },
  { type: 'form.closed' },
  { type: 'units.changed' },
];

export const organizationUnitTreeModel: MachineModel<typeof organizationUnitTreeMachine> = {
  machine: organizationUnitTreeMachine,
  scenarios: [{ name: 'tree', input: undefined }],
  events,
  describeEvent(event) {
    if (event.type === 'xstate.done.actor.loadUnits') return 'loadUnits → A, A1 under A, B';
    if (event.type === 'xstate.error.actor.moveUnit') return 'moveUnit refused (under a descendant)';
    return describeEvent(event);
  },
  // Selection and expansion multiply the states; each rule needs only one of them changed at a time.
  stopWhen: (snapshot) =>
    snapshot.context.expandedIds.length > 1 || (snapshot.context.selectedId !== null && snapshot.context.expandedIds.length > 0),
};
