// The permission modal (spec 6, 7; issue 9), render-only over a permissionModal actor: the groups as
// the server defines them (a list of toggle buttons with granted counts), "grant all" and "select all
// in this group" as tri-state checkboxes, the shown group's permissions indented under their parent;
// a permission held through another provider is checked, disabled, and says who grants it.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { GetPermissionListResultDto, UpdatePermissionsDto } from '../../../contract/permission-management.ts';
import {
  type PermissionModalInput,
  permissionModalMachine,
  selectPermissionModal,
} from '../../../machines/generic/permission-modal.machine.ts';
import { getPermissions, updatePermissions } from '../../api/permission-management.ts';
import type { Http } from '../../api/http.ts';
import { inspectOptions } from '../../app/inspection.ts';
import type { AreaTranslate } from '../../i18n/define-texts.ts';
import { Button, Checkbox, ErrorState, LoadingState, Modal } from '../../ui/index.ts';
import type { KitTextKey } from './kit-texts.ts';
import * as styles from './kit.css.ts';

export interface PermissionModalProps extends PermissionModalInput {
  http: Http;
  t: AreaTranslate<KitTextKey>;
  onSaved: () => void;
  onClosed: () => void;
}

/** Who grants a permission, in words: "role admin", "organization unit Sales", or the provider's own name. */
function grantSource(provider: { providerName: string; providerKey: string }, t: AreaTranslate<KitTextKey>): string {
  switch (provider.providerName) {
    case 'R':
      return t('sourceRole', provider.providerKey);
    case 'OU':
      return t('sourceUnit', provider.providerKey);
    case 'C':
      return t('sourceClient', provider.providerKey);
    default:
      return `${provider.providerName}: ${provider.providerKey}`;
  }
}

export function PermissionModal({ providerName, providerKey, http, t, onSaved, onClosed }: PermissionModalProps) {
  const logic = useMemo(
    () =>
      permissionModalMachine.provide({
        actors: {
          loadPermissions: fromPromise<GetPermissionListResultDto, PermissionModalInput>(({ input, signal }) =>
            getPermissions(http, input, signal),
          ),
          savePermissions: fromPromise<void, PermissionModalInput & UpdatePermissionsDto>(({ input }) =>
            updatePermissions(http, input, { permissions: input.permissions }),
          ),
        },
      }),
    [http],
  );
  const actor = useActorRef(logic, { input: { providerName, providerKey }, ...inspectOptions() });
  const view = useSelector(actor, selectPermissionModal);
  useEffect(() => {
    const saved = actor.on('permissions.saved', onSaved);
    const closed = actor.on('permissions.closed', onClosed);
    return () => {
      saved.unsubscribe();
      closed.unsubscribe();
    };
  }, [actor, onSaved, onClosed]);

  return (
    <Modal
      isOpen={view.phase !== 'saved' && view.phase !== 'closed'}
      onOpenChange={(open) => {
        if (!open) actor.send({ type: 'permissions.close' });
      }}
      title={t('permissionsTitle', view.entityDisplayName || providerKey)}
      size="xl"
      closeLabel={t('close')}
      isBusy={view.phase === 'saving'}
      footer={
        <>
          <Button variant="secondary" isDisabled={view.phase === 'saving'} onPress={() => actor.send({ type: 'permissions.close' })}>
            {t('cancel')}
          </Button>
          <Button
            icon="check"
            isPending={view.phase === 'saving'}
            isDisabled={view.phase !== 'editing' && view.phase !== 'saving'}
            onPress={() => actor.send({ type: 'permissions.save' })}
          >
            {t('save')}
          </Button>
        </>
      }
    >
      {view.phase === 'loading' && <LoadingState label={t('loadingRecord')} />}
      {view.phase === 'loadFailed' && (
        <ErrorState title={t('loadRecordFailed')} retryLabel={t('retry')} onRetry={() => actor.send({ type: 'permissions.retry' })} />
      )}
      {(view.phase === 'editing' || view.phase === 'saving') && (
        <>
          {view.error !== null && <div role="alert">{view.error || t('saveFailed')}</div>}
          <Checkbox
            isSelected={view.allState === 'all'}
            isIndeterminate={view.allState === 'some'}
            onChange={() => actor.send({ type: 'permissions.toggleAll' })}
          >
            {t('grantAll')}
          </Checkbox>
          <div className={styles.permissionLayout}>
            <nav aria-label={t('permissionGroups')}>
              <ul className={styles.groupList}>
                {view.groups.map((group) => (
                  <li key={group.name}>
                    <Button
                      variant={group.name === view.selectedGroup ? 'primary' : 'ghost'}
                      aria-pressed={group.name === view.selectedGroup}
                      onPress={() => actor.send({ type: 'group.select', group: group.name })}
                    >
                      {`${group.displayName} (${group.grantedCount})`}
                    </Button>
                  </li>
                ))}
              </ul>
            </nav>
            <section aria-label={view.groups.find((group) => group.name === view.selectedGroup)?.displayName ?? ''}>
              <Checkbox
                isSelected={view.groupState === 'all'}
                isIndeterminate={view.groupState === 'some'}
                onChange={() => actor.send({ type: 'group.toggleAll' })}
              >
                {t('selectAllInGroup')}
              </Checkbox>
              <ul className={styles.permissionList}>
                {view.permissions.map((permission) => (
                  <li key={permission.name} className={styles.depth[Math.min(permission.depth, 3) as 0 | 1 | 2 | 3]}>
                    <Checkbox
                      isSelected={permission.isGranted}
                      isDisabled={permission.isLocked}
                      onChange={() => actor.send({ type: 'permission.toggle', name: permission.name })}
                    >
                      {permission.displayName}
                    </Checkbox>
                    {permission.grantedBy.length > 0 && (
                      <span className={styles.muted}>
                        {' '}
                        {t('grantedBy', permission.grantedBy.map((provider) => grantSource(provider, t)).join(', '))}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          </div>
        </>
      )}
    </Modal>
  );
}
