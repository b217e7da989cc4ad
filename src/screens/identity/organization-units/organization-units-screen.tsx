// Organization units (/identity/organization-units; spec 2.2, 6 AbpIdentity.OrganizationUnits, 7.13):
// the tree (unit-tree-view.tsx) with its actions on the selected unit, and the unit's Members and
// Roles (unit-lists.tsx). Render-only: the tree's lifecycle is the organizationUnitTree machine
// (selection, expansion, the move picked in a dialog or dropped, the delete asked first, reloads),
// the create/rename form the kit's entity form. Rules: ManageOU offers add, rename, move (dialog and
// drag and drop) and delete; the delete names how many units go with it; a refused move is said in
// the live region and as a toast (the server's localized message when it refused).
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { OrganizationUnitCreateDto } from '../../../../contract/identity-organization.ts';
import {
  type FormRequest,
  organizationUnitTreeMachine,
  selectOrganizationUnitTree,
  type TreeNotice,
  type TreeUnit,
} from '../../../../machines/identity/organization-unit-tree.machine.ts';
import {
  createOrganizationUnit,
  deleteOrganizationUnit,
  getAllOrganizationUnits,
  getOrganizationUnit,
  moveOrganizationUnit,
  updateOrganizationUnit,
} from '../../../api/identity-organization-units.ts';
import { isGranted } from '../../../app/access.ts';
import { inspectOptions } from '../../../app/inspection.ts';
import { selectAccess, shallowEqual } from '../../../app/shell-view.ts';
import { useSystem } from '../../../app/system-context.ts';
import { useAreaTexts } from '../../../app/use-area-texts.ts';
import { useSessionHttp } from '../../../app/use-session-http.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import {
  Button,
  ConfirmDialog,
  ErrorState,
  LoadingState,
  Modal,
  Select,
  showToast,
  stackClass,
  Tab,
  TabList,
  TabPanel,
  Tabs,
} from '../../../ui/index.ts';
import { EntityFormModal } from '../../../views/kit/entity-form-view.tsx';
import { type KitTextKey, kitTexts } from '../../../views/kit/kit-texts.ts';
import type { FormSpec } from '../../../views/kit/resource-spec.ts';
import { schemaValidator } from '../../../views/kit/schema-validator.ts';
import { type OrganizationUnitsTextKey, organizationUnitsTexts } from './organization-units-texts.ts';
import * as styles from './organization-units.css.ts';
import { UnitMembersAndRoles } from './unit-lists.tsx';
import { UnitTree } from './unit-tree-view.tsx';

type Texts = AreaTranslate<OrganizationUnitsTextKey>;
const manageOU = 'AbpIdentity.OrganizationUnits.ManageOU';
const rootKey = '__root';

function unitForm(t: Texts, kit: AreaTranslate<KitTextKey>, request: FormRequest, parentName: string): FormSpec<never> {
  const labels = { displayName: t('displayName') };
  return {
    entityName: t('entityName'),
    ...(request.mode === 'createChild' ? { title: t('newChildTitle', parentName) } : {}),
    fields: [{ name: 'displayName', label: labels.displayName, kind: 'text', isRequired: true, maxLength: 128 }],
    initialValues: { displayName: '' },
    validate: schemaValidator(OrganizationUnitCreateDto, labels, {
      required: (label) => kit('fieldRequired', label),
      tooLong: (label, limit) => kit('fieldTooLong', label, limit),
      invalid: (label) => kit('fieldInvalid', label),
    }),
    load: async (http, id, signal) => {
      const unit = await getOrganizationUnit(http, id, signal);
      return { values: { displayName: unit.displayName }, concurrencyStamp: unit.concurrencyStamp };
    },
    save: (http, { id, values, concurrencyStamp }) => {
      const displayName = String(values.displayName ?? '').trim();
      return id === null
        ? createOrganizationUnit(http, { displayName, parentId: request.mode === 'createChild' ? request.id : null })
        : updateOrganizationUnit(http, id, { displayName, concurrencyStamp: concurrencyStamp ?? '' });
    },
  };
}

function noticeText(t: Texts, notice: TreeNotice | null): string {
  if (notice === null) return '';
  switch (notice.kind) {
    case 'moved':
      return notice.parentName === null ? t('movedToRoot', notice.name) : t('moved', notice.name, notice.parentName);
    case 'moveRefused':
      return t('moveRefused');
    case 'deleted':
      return t('deleted', notice.name, notice.count);
    case 'failed':
      return notice.message ?? t('failed');
  }
}

export default function OrganizationUnitsScreen() {
  const t = useAreaTexts(organizationUnitsTexts);
  const kit = useAreaTexts(kitTexts);
  const http = useSessionHttp();
  const { auth } = useSystem();
  const access = useSelector(auth, selectAccess, shallowEqual);
  const can = useCallback((permission: string) => isGranted(access, permission), [access]);

  const logic = useMemo(
    () =>
      organizationUnitTreeMachine.provide({
        actors: {
          loadUnits: fromPromise<TreeUnit[], void>(({ signal }) => getAllOrganizationUnits(http, signal)),
          moveUnit: fromPromise<void, { id: string; newParentId: string | null }>(({ input }) =>
            moveOrganizationUnit(http, input.id, input.newParentId),
          ),
          deleteUnit: fromPromise<void, { id: string }>(({ input }) => deleteOrganizationUnit(http, input.id)),
        },
      }),
    [http],
  );
  const tree = useActorRef(logic, inspectOptions());
  const view = useSelector(tree, selectOrganizationUnitTree, shallowEqual);

  useEffect(() => {
    const subscriptions = [
      tree.on('unit.saved', () => showToast({ kind: 'success', title: t('saved') })),
      tree.on('unit.moved', () => showToast({ kind: 'success', title: t('saved') })),
      tree.on('unit.deleted', () => showToast({ kind: 'success', title: kit('successfullyDeleted') })),
      tree.on('action.failed', (event) =>
        showToast({ kind: 'error', title: kit('actionFailed'), description: event.message ?? undefined }),
      ),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [tree, t, kit]);

  const canManage = can(manageOU);
  const selected = view.selected;
  const busy = !view.canAct;
  const allUnits = useMemo(() => {
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
  const parentName = view.form?.mode === 'createChild' ? (allUnits.find((unit) => unit.id === view.form?.id)?.name ?? '') : '';
  const form = useMemo(() => (view.form ? unitForm(t, kit, view.form, parentName) : null), [t, kit, view.form, parentName]);
  const unitsChanged = useCallback(() => tree.send({ type: 'units.changed' }), [tree]);
  const selectedUnit = useMemo(() => (selected ? { id: selected.id, name: selected.name } : null), [selected]);
  const deleting = view.deleting;

  return (
    <div className={`page ${stackClass}`}>
      <h1>{t('title')}</h1>
      <div className={styles.layout}>
        <section className={styles.panel} aria-label={t('tree')}>
          {canManage && (
            <div className={styles.actions}>
              <Button isDisabled={busy} onPress={() => tree.send({ type: 'form.open', mode: 'createRoot', id: null })}>
                {t('addRoot')}
              </Button>
              <Button
                variant="secondary"
                isDisabled={busy || !selected}
                onPress={() => selected && tree.send({ type: 'form.open', mode: 'createChild', id: selected.id })}
              >
                {t('addChild')}
              </Button>
              <Button
                variant="secondary"
                isDisabled={busy || !selected}
                onPress={() => selected && tree.send({ type: 'form.open', mode: 'rename', id: selected.id })}
              >
                {t('edit')}
              </Button>
              <Button
                variant="secondary"
                isDisabled={busy || !selected}
                onPress={() => selected && tree.send({ type: 'move.open', id: selected.id })}
              >
                {t('move')}
              </Button>
              <Button
                variant="danger"
                isDisabled={busy || !selected}
                onPress={() => selected && tree.send({ type: 'delete.request', id: selected.id })}
              >
                {t('delete')}
              </Button>
            </div>
          )}
          <p id="ou-tree-hint" className={styles.hint}>
            {t('treeHint')}
          </p>
          {view.phase === 'loading' && view.tree.length === 0 ? (
            <LoadingState label={kit('loading')} />
          ) : view.phase === 'loadFailed' ? (
            <ErrorState title={t('loadFailed')} retryLabel={t('retry')} onRetry={() => tree.send({ type: 'retry' })} />
          ) : (
            <UnitTree view={view} t={t} canMove={canManage} onEvent={(event) => tree.send(event)} />
          )}
          <p role="status" className={styles.status}>
            {noticeText(t, view.notice)}
          </p>
        </section>
        <section className={styles.panel} aria-label={selectedUnit ? t('selectedUnit', selectedUnit.name) : t('noSelection')}>
          {selectedUnit ? (
            <Tabs>
              <TabList aria-label={t('selectedUnit', selectedUnit.name)}>
                <Tab id="members">{t('members')}</Tab>
                <Tab id="roles">{t('roles')}</Tab>
              </TabList>
              {(['members', 'roles'] as const).map((tab) => (
                <TabPanel key={tab} id={tab}>
                  <UnitMembersAndRoles
                    key={selectedUnit.id}
                    unit={selectedUnit}
                    units={allUnits}
                    tab={tab}
                    http={http}
                    t={t}
                    kit={kit}
                    can={can}
                    onChanged={unitsChanged}
                  />
                </TabPanel>
              ))}
            </Tabs>
          ) : (
            <p className={styles.hint}>{t('noSelection')}</p>
          )}
        </section>
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
        title={t('moveTitle', view.move?.name ?? '')}
        closeLabel={t('close')}
        isBusy={view.phase === 'moving'}
        footer={
          <>
            <Button variant="secondary" isDisabled={view.phase === 'moving'} onPress={() => tree.send({ type: 'move.cancel' })}>
              {kit('cancel')}
            </Button>
            <Button isPending={view.phase === 'moving'} onPress={() => tree.send({ type: 'move.confirm' })}>
              {t('move')}
            </Button>
          </>
        }
      >
        <Select
          label={t('newParent')}
          selectedKey={view.move?.newParentId ?? rootKey}
          onSelectionChange={(key) => tree.send({ type: 'move.pick', newParentId: key === rootKey || key === null ? null : String(key) })}
          options={[
            { id: rootKey, label: t('root') },
            ...(view.move?.targets ?? []).map((target) => ({ id: target.id, label: `${'\u2003'.repeat(target.depth)}${target.name}` })),
          ]}
        />
        {view.phase === 'choosingParent' && view.notice?.kind === 'moveRefused' && <p role="alert">{t('moveRefused')}</p>}
      </Modal>
      <ConfirmDialog
        isOpen={view.phase === 'confirmingDelete' || view.phase === 'deleting'}
        title={kit('areYouSure')}
        message={
          deleting === null
            ? ''
            : deleting.count > 1
              ? t('deleteSubtreeConfirm', deleting.name, deleting.count - 1, deleting.count)
              : t('deleteConfirm', deleting.name)
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
