// A tree screen of the resource kit (organization units, kernel services, inventory categories): the
// tree (tree-view.tsx) with its actions on the selected node (add at the root, add under it, edit,
// move in a dialog or by drag and drop, delete after 'Are you sure?'), the create/edit form in the
// kit's entity form, and beside the tree the spec's panel for the selected node. Render-only: the
// lifecycle is the tree machine (organization-unit-tree.machine.ts: selection, expansion, the move
// picked or dropped, the delete asked first, reloads), started here with the spec's calls as its
// named actors. Rules: each action is offered with its permission only; a move under the node
// itself or its subtree is refused before any request; a refusal of the server (a rule of the
// resource: a node with children, one in use) is said with the server's localized message, in the
// live region and as a toast.
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import {
  type FormRequest,
  organizationUnitTreeMachine,
  selectOrganizationUnitTree,
  type TreeNode,
  type TreeNotice,
  type TreeUnit,
} from '../../../machines/identity/organization-unit-tree.machine.ts';
import type { Http } from '../../api/http.ts';
import { isGranted } from '../../app/access.ts';
import { inspectOptions } from '../../app/inspection.ts';
import { selectAccess, shallowEqual } from '../../app/shell-view.ts';
import { useSystem } from '../../app/system-context.ts';
import { useAreaTexts } from '../../app/use-area-texts.ts';
import { useSessionHttp } from '../../app/use-session-http.ts';
import type { AreaTranslate } from '../../i18n/define-texts.ts';
import { Button, ConfirmDialog, ErrorState, LoadingState, Modal, Select, showToast, stackClass } from '../../ui/index.ts';
import { EntityFormModal } from './entity-form-view.tsx';
import { kitTexts } from './kit-texts.ts';
import * as styles from './resource-tree.css.ts';
import type { FormSpec } from './resource-spec.ts';
import { TreeView } from './tree-view.tsx';

export type { FormRequest, TreeNode, TreeUnit };

export interface TreeTexts {
  title: string;
  /** The tree's accessible name. */
  tree: string;
  treeHint: string;
  empty: string;
  loadFailed: string;
  retry: string;
  addRoot: string;
  addChild: string;
  edit: string;
  move: string;
  delete: string;
  moveTitle: (name: string) => string;
  newParent: string;
  root: string;
  moved: (name: string, parentName: string) => string;
  movedToRoot: (name: string) => string;
  moveRefused: string;
  failed: string;
  saved: string;
  /** 'Are you sure?' for a node alone and for a node with `under` nodes below it (`all` in all). */
  deleteConfirm: (name: string) => string;
  deleteSubtreeConfirm: (name: string, under: number, all: number) => string;
  deleted: (name: string, count: number) => string;
  noSelection: string;
  selectedNode: (name: string) => string;
  close: string;
}

/** The texts a tree screen's area defines under these names (each area words them for its nodes). */
export type TreeTextKey =
  | 'tree'
  | 'treeHint'
  | 'empty'
  | 'loadFailed'
  | 'retry'
  | 'addRoot'
  | 'addChild'
  | 'edit'
  | 'move'
  | 'delete'
  | 'moveTitle'
  | 'newParent'
  | 'root'
  | 'moved'
  | 'movedToRoot'
  | 'moveRefused'
  | 'failed'
  | 'saved'
  | 'deleteConfirm'
  | 'deleteSubtreeConfirm'
  | 'deleted'
  | 'noSelection'
  | 'close';

/** TreeTexts from an area's translator holding the TreeTextKey texts, plus the screen's title and its selected-node label. */
export function treeTexts(t: AreaTranslate<TreeTextKey>, own: { title: string; selectedNode: (name: string) => string }): TreeTexts {
  return {
    ...own,
    tree: t('tree'),
    treeHint: t('treeHint'),
    empty: t('empty'),
    loadFailed: t('loadFailed'),
    retry: t('retry'),
    addRoot: t('addRoot'),
    addChild: t('addChild'),
    edit: t('edit'),
    move: t('move'),
    delete: t('delete'),
    moveTitle: (name) => t('moveTitle', name),
    newParent: t('newParent'),
    root: t('root'),
    moved: (name, parentName) => t('moved', name, parentName),
    movedToRoot: (name) => t('movedToRoot', name),
    moveRefused: t('moveRefused'),
    failed: t('failed'),
    saved: t('saved'),
    deleteConfirm: (name) => t('deleteConfirm', name),
    deleteSubtreeConfirm: (name, under, all) => t('deleteSubtreeConfirm', name, under, all),
    deleted: (name, count) => t('deleted', name, count),
    noSelection: t('noSelection'),
    close: t('close'),
  };
}

export interface TreeSpec {
  /** Used for the hint's id (`${id}-tree-hint`). */
  id: string;
  texts: TreeTexts;
  /** The badge after a node's name ('3 members'); none when null. */
  badge: (node: TreeNode) => string | null;
  permissions: { create: string; update: string; delete: string };
  load: (http: Http, signal: AbortSignal) => Promise<TreeUnit[]>;
  move: (http: Http, id: string, newParentId: string | null) => Promise<unknown>;
  remove: (http: Http, id: string) => Promise<unknown>;
  /** The create/edit form of a node (createRoot, createChild under `parentName`, rename). */
  form: (request: FormRequest, parentName: string) => FormSpec<never>;
  /** The selected node's panel; `changed` reloads the tree (its counts). */
  panel?: (props: {
    node: { id: string; name: string };
    nodes: Array<{ id: string; name: string }>;
    http: Http;
    changed: () => void;
  }) => ReactNode;
}

function noticeText(t: TreeTexts, notice: TreeNotice | null): string {
  if (notice === null) return '';
  switch (notice.kind) {
    case 'moved':
      return notice.parentName === null ? t.movedToRoot(notice.name) : t.moved(notice.name, notice.parentName);
    case 'moveRefused':
      return t.moveRefused;
    case 'deleted':
      return t.deleted(notice.name, notice.count);
    case 'failed':
      return notice.message ?? t.failed;
  }
}

const rootKey = '__root';

export function ResourceTree({ spec }: { spec: TreeSpec }) {
  const t = spec.texts;
  const kit = useAreaTexts(kitTexts);
  const http = useSessionHttp();
  const { auth } = useSystem();
  const access = useSelector(auth, selectAccess, shallowEqual);
  const can = useCallback((permission: string) => isGranted(access, permission), [access]);

  const logic = useMemo(
    () =>
      organizationUnitTreeMachine.provide({
        actors: {
          loadUnits: fromPromise<TreeUnit[], void>(({ signal }) => spec.load(http, signal)),
          moveUnit: fromPromise<void, { id: string; newParentId: string | null }>(async ({ input }) => {
            await spec.move(http, input.id, input.newParentId);
          }),
          deleteUnit: fromPromise<void, { id: string }>(async ({ input }) => {
            await spec.remove(http, input.id);
          }),
        },
      }),
    [http, spec],
  );
  const tree = useActorRef(logic, inspectOptions());
  const view = useSelector(tree, selectOrganizationUnitTree, shallowEqual);

  useEffect(() => {
    const subscriptions = [
      tree.on('unit.saved', () => showToast({ kind: 'success', title: t.saved })),
      tree.on('unit.moved', () => showToast({ kind: 'success', title: t.saved })),
      tree.on('unit.deleted', () => showToast({ kind: 'success', title: kit('successfullyDeleted') })),
      tree.on('action.failed', (event) =>
        showToast({ kind: 'error', title: kit('actionFailed'), description: event.message ?? undefined }),
      ),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [tree, t, kit]);

  const selected = view.selected;
  const busy = !view.canAct;
  const allNodes = useMemo(() => {
    const flat: Array<{ id: string; name: string }> = [];
    const walk = (nodes: typeof view.tree) => {
      for (const node of nodes) {
        flat.push({ id: node.id, name: node.name });
        walk(node.children);
      }
    };
    walk(view.tree);
    return flat;
  }, [view.tree]);
  const parentName = view.form?.mode === 'createChild' ? (allNodes.find((node) => node.id === view.form?.id)?.name ?? '') : '';
  const form = useMemo(() => (view.form ? spec.form(view.form, parentName) : null), [spec, view.form, parentName]);
  const changed = useCallback(() => tree.send({ type: 'units.changed' }), [tree]);
  const selectedNode = useMemo(() => (selected ? { id: selected.id, name: selected.name } : null), [selected]);
  const deleting = view.deleting;
  const hintId = `${spec.id}-tree-hint`;
  const canCreate = can(spec.permissions.create);
  const canUpdate = can(spec.permissions.update);
  const canDelete = can(spec.permissions.delete);

  return (
    <div className={`page ${stackClass}`}>
      <h1>{t.title}</h1>
      <div className={styles.layout}>
        <section className={styles.panel} aria-label={t.tree}>
          {(canCreate || canUpdate || canDelete) && (
            <div className={styles.actions}>
              {canCreate && (
                <>
                  <Button isDisabled={busy} onPress={() => tree.send({ type: 'form.open', mode: 'createRoot', id: null })}>
                    {t.addRoot}
                  </Button>
                  <Button
                    variant="secondary"
                    isDisabled={busy || !selected}
                    onPress={() => selected && tree.send({ type: 'form.open', mode: 'createChild', id: selected.id })}
                  >
                    {t.addChild}
                  </Button>
                </>
              )}
              {canUpdate && (
                <>
                  <Button
                    variant="secondary"
                    isDisabled={busy || !selected}
                    onPress={() => selected && tree.send({ type: 'form.open', mode: 'rename', id: selected.id })}
                  >
                    {t.edit}
                  </Button>
                  <Button
                    variant="secondary"
                    isDisabled={busy || !selected}
                    onPress={() => selected && tree.send({ type: 'move.open', id: selected.id })}
                  >
                    {t.move}
                  </Button>
                </>
              )}
              {canDelete && (
                <Button
                  variant="danger"
                  isDisabled={busy || !selected}
                  onPress={() => selected && tree.send({ type: 'delete.request', id: selected.id })}
                >
                  {t.delete}
                </Button>
              )}
            </div>
          )}
          <p id={hintId} className={styles.hint}>
            {t.treeHint}
          </p>
          {view.phase === 'loading' && view.tree.length === 0 ? (
            <LoadingState label={kit('loading')} />
          ) : view.phase === 'loadFailed' ? (
            <ErrorState title={t.loadFailed} retryLabel={t.retry} onRetry={() => tree.send({ type: 'retry' })} />
          ) : (
            <TreeView
              view={view}
              label={t.tree}
              hintId={hintId}
              emptyText={t.empty}
              badge={spec.badge}
              canMove={canUpdate}
              onEvent={(event) => tree.send(event)}
            />
          )}
          <p role="status" className={styles.status}>
            {noticeText(t, view.notice)}
          </p>
        </section>
        {spec.panel && (
          <section className={styles.panel} aria-label={selectedNode ? t.selectedNode(selectedNode.name) : t.noSelection}>
            {selectedNode ? (
              spec.panel({ node: selectedNode, nodes: allNodes, http, changed })
            ) : (
              <p className={styles.hint}>{t.noSelection}</p>
            )}
          </section>
        )}
      </div>
      {form && view.form && (
        <EntityFormModal
          key={`${view.form.mode}-${view.form.id ?? ''}`}
          form={form}
          http={http}
          id={view.form.mode === 'rename' ? view.form.id : null}
          t={kit}
          onSaved={() => tree.send({ type: 'form.saved' })}
          onClosed={() => tree.send({ type: 'form.closed' })}
        />
      )}
      <Modal
        isOpen={view.phase === 'choosingParent' || (view.phase === 'moving' && view.move !== null)}
        onOpenChange={(open) => {
          if (!open) tree.send({ type: 'move.cancel' });
        }}
        title={t.moveTitle(view.move?.name ?? '')}
        closeLabel={t.close}
        isBusy={view.phase === 'moving'}
        footer={
          <>
            <Button variant="secondary" isDisabled={view.phase === 'moving'} onPress={() => tree.send({ type: 'move.cancel' })}>
              {kit('cancel')}
            </Button>
            <Button isPending={view.phase === 'moving'} onPress={() => tree.send({ type: 'move.confirm' })}>
              {t.move}
            </Button>
          </>
        }
      >
        <Select
          label={t.newParent}
          selectedKey={view.move?.newParentId ?? rootKey}
          onSelectionChange={(key) => tree.send({ type: 'move.pick', newParentId: key === rootKey || key === null ? null : String(key) })}
          options={[
            { id: rootKey, label: t.root },
            ...(view.move?.targets ?? []).map((target) => ({ id: target.id, label: `${'\u2003'.repeat(target.depth)}${target.name}` })),
          ]}
        />
        {view.phase === 'choosingParent' && view.notice?.kind === 'moveRefused' && <p role="alert">{t.moveRefused}</p>}
      </Modal>
      <ConfirmDialog
        isOpen={view.phase === 'confirmingDelete' || view.phase === 'deleting'}
        title={kit('areYouSure')}
        message={
          deleting === null
            ? ''
            : deleting.count > 1
              ? t.deleteSubtreeConfirm(deleting.name, deleting.count - 1, deleting.count)
              : t.deleteConfirm(deleting.name)
        }
        confirmLabel={kit('yes')}
        cancelLabel={kit('cancel')}
        isPending={view.phase === 'deleting'}
        onConfirm={() => tree.send({ type: 'delete.confirm' })}
        onCancel={() => tree.send({ type: 'delete.cancel' })}
      />
    </div>
  );
}
