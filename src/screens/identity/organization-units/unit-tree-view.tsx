// The organization-unit tree, render-only over the organizationUnitTree machine's view: react-aria's
// Tree (the ARIA treeview: arrow keys, Home/End, Right/Left open and close, type-ahead; the focused
// unit is the selected one) with drag and drop of a unit onto another (into it) or between units
// (beside them, under the same parent). Rules: every change goes to the machine as an event
// (unit.select, tree.expand, drag.start/end, move.drop); the machine decides whether a drop is
// allowed. Without ManageOU nothing can be dragged.
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
import type { OrganizationUnitTreeView, TreeNode } from '../../../../machines/identity/organization-unit-tree.machine.ts';
import { Badge, Icon } from '../../../ui/index.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import type { OrganizationUnitsTextKey } from './organization-units-texts.ts';
import * as styles from './organization-units.css.ts';

const unitType = 'application/x-organization-unit';

function parentIdOf(tree: readonly TreeNode[], id: string, parent: string | null = null): string | null | undefined {
  for (const node of tree) {
    if (node.id === id) return parent;
    const found = parentIdOf(node.children, id, node.id);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function UnitTree({
  view,
  t,
  canMove,
  onEvent,
}: {
  view: OrganizationUnitTreeView;
  t: AreaTranslate<OrganizationUnitsTextKey>;
  canMove: boolean;
  onEvent: (
    event:
      | { type: 'unit.select'; id: string | null }
      | { type: 'tree.expand'; ids: string[] }
      | { type: 'drag.start'; id: string }
      | { type: 'drag.end' }
      | { type: 'move.drop'; id: string; newParentId: string | null },
  ) => void;
}) {
  const { dragAndDropHooks } = useDragAndDrop<TreeNode>({
    isDisabled: !canMove || !view.canAct,
    getItems: (keys) => [...keys].map((key) => ({ [unitType]: String(key), 'text/plain': String(key) })),
    acceptedDragTypes: [unitType],
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

  const renderItem = (node: TreeNode) => (
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
            <Badge variant="light">{t('memberCount', node.userCount)}</Badge>
          </div>
        )}
      </TreeItemContent>
      <Collection items={node.children}>{renderItem}</Collection>
    </TreeItem>
  );

  return (
    <Tree
      aria-label={t('tree')}
      aria-describedby="ou-tree-hint"
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
      renderEmptyState={() => t('empty')}
    >
      {renderItem}
    </Tree>
  );
}
