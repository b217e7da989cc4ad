// The kit's tree, render-only over the tree machine's view (machines/identity/organization-unit-tree
// .machine.ts, the kit's tree lifecycle for every tenant-owned tree: organization units, kernel
// services, inventory categories): react-aria's Tree (the ARIA treeview: arrow keys, Home/End,
// Right/Left open and close, type-ahead; the focused node is the selected one) with drag and drop of
// a node onto another (into it) or between nodes (beside them, under the same parent). Rules: every
// change goes to the machine as an event (unit.select, tree.expand, drag.start/end, move.drop); the
// machine decides whether a drop is allowed. Without the move permission nothing can be dragged.
import {
  Button as AriaButton,
  Collection,
  DropIndicator,
  type Key,
  Tree,
  TreeItem,
  TreeItemContent,
  useDragAndDrop,
} from 'react-aria-components';
import type { OrganizationUnitTreeView, TreeNode } from '../../../machines/identity/organization-unit-tree.machine.ts';
import { Badge, Icon } from '../../ui/index.ts';
import * as styles from './resource-tree.css.ts';

const nodeType = 'application/x-tree-node';

export type TreeViewEvent =
  | { type: 'unit.select'; id: string | null }
  | { type: 'tree.expand'; ids: string[] }
  | { type: 'drag.start'; id: string }
  | { type: 'drag.end' }
  | { type: 'move.drop'; id: string; newParentId: string | null };

function parentIdOf(tree: readonly TreeNode[], id: string, parent: string | null = null): string | null | undefined {
  for (const node of tree) {
    if (node.id === id) return parent;
    const found = parentIdOf(node.children, id, node.id);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function TreeView({
  view,
  label,
  hintId,
  emptyText,
  badge,
  canMove,
  onEvent,
}: {
  view: OrganizationUnitTreeView;
  /** The tree's accessible name. */
  label: string;
  /** The id of the hint that describes the keys. */
  hintId: string;
  emptyText: string;
  /** The badge after a node's name (a count), none when null. */
  badge: (node: TreeNode) => string | null;
  canMove: boolean;
  onEvent: (event: TreeViewEvent) => void;
}) {
  const { dragAndDropHooks } = useDragAndDrop<TreeNode>({
    isDisabled: !canMove || !view.canAct,
    getItems: (keys) => [...keys].map((key) => ({ [nodeType]: String(key), 'text/plain': String(key) })),
    acceptedDragTypes: [nodeType],
    onDragStart: (event) => {
      const [first] = [...event.keys];
      if (first !== undefined) onEvent({ type: 'drag.start', id: String(first) });
    },
    onDragEnd: () => onEvent({ type: 'drag.end' }),
    onMove: (event) => {
      const [first] = [...event.keys];
      if (first === undefined || event.target.type !== 'item') return;
      const targetId = String(event.target.key);
      const newParentId = event.target.dropPosition === 'on' ? targetId : (parentIdOf(view.tree, targetId) ?? null);
      onEvent({ type: 'move.drop', id: String(first), newParentId });
    },
    renderDropIndicator: (target) => <DropIndicator target={target} className={styles.dropIndicator} />,
  });

  const renderItem = (node: TreeNode) => {
    const badgeText = badge(node);
    return (
      <TreeItem id={node.id} textValue={node.name} className={styles.item}>
        <TreeItemContent>
          {({ hasChildItems, isExpanded }) => (
            <div className={styles.itemRow}>
              {hasChildItems ? (
                <AriaButton slot="chevron" className={styles.chevron} excludeFromTabOrder>
                  <Icon name={isExpanded ? 'chevron-down' : 'chevron-right'} size={16} className={styles.chevronIcon} />
                </AriaButton>
              ) : (
                <span className={styles.chevronSpace} />
              )}
              <span className={styles.itemName}>{node.name}</span>
              {badgeText !== null && <Badge variant="light">{badgeText}</Badge>}
            </div>
          )}
        </TreeItemContent>
        <Collection items={node.children}>{renderItem}</Collection>
      </TreeItem>
    );
  };

  return (
    <Tree
      aria-label={label}
      aria-describedby={hintId}
      className={styles.tree}
      items={view.tree}
      selectionMode="single"
      selectionBehavior="replace"
      disallowEmptySelection
      selectedKeys={view.selected ? [view.selected.id] : []}
      onSelectionChange={(keys) => {
        if (keys === 'all') return;
        const [first] = [...keys];
        onEvent({ type: 'unit.select', id: first === undefined ? null : String(first) });
      }}
      expandedKeys={new Set<Key>(view.expandedIds)}
      onExpandedChange={(keys) => onEvent({ type: 'tree.expand', ids: [...keys].map(String) })}
      dragAndDropHooks={dragAndDropHooks}
      renderEmptyState={() => emptyText}
    >
      {renderItem}
    </Tree>
  );
}
