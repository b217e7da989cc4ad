// The spec's list actions (issue 20.9: 'Sign out all other sessions'): buttons in the toolbar that act
// on the whole list, not on a row or a selection. Render-only over a rowAction actor of their own
// (the kit's one-mutation lifecycle: 'Are you sure?' first when the spec asks, one at a time, a
// toast either way, the list refreshed after a success). The focus goes back to the button when
// the confirmation closes (the dialog restores it).
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { rowActionMachine, selectRowAction } from '../../../machines/generic/row-action.machine.ts';
import type { Http } from '../../api/http.ts';
import { inspectOptions } from '../../app/inspection.ts';
import { shallowEqual } from '../../app/shell-view.ts';
import type { AreaTranslate } from '../../i18n/define-texts.ts';
import { Button, ConfirmDialog, showToast } from '../../ui/index.ts';
import type { ListRef } from '../lists/paged-list-view.tsx';
import type { KitTextKey } from './kit-texts.ts';
import type { ListActionSpec } from './resource-spec.ts';

export function ListActions({
  actions,
  http,
  list,
  t,
}: {
  actions: ListActionSpec[];
  http: Http;
  list: ListRef;
  t: AreaTranslate<KitTextKey>;
}) {
  const logic = useMemo(
    () =>
      rowActionMachine.provide({
        actors: {
          runAction: fromPromise<unknown, { action: string; id: string }>(({ input }) => {
            const action = actions.find((candidate) => candidate.id === input.action);
            return action ? action.run(http) : Promise.reject(new Error(`no list action ${input.action}`));
          }),
        },
      }),
    [actions, http],
  );
  const actor = useActorRef(logic, inspectOptions());
  const view = useSelector(actor, selectRowAction, shallowEqual);
  const pending = actions.find((action) => action.id === view.pending?.action);

  useEffect(() => {
    const subscriptions = [
      actor.on('list.refresh', () => list.send({ type: 'refresh' })),
      actor.on('action.succeeded', (event) => {
        const action = actions.find((candidate) => candidate.id === event.action);
        showToast({ kind: 'success', title: action?.successText ?? t('savedSuccessfully') });
      }),
      actor.on('action.failed', (event) => {
        const action = actions.find((candidate) => candidate.id === event.action);
        showToast({ kind: 'error', title: action?.failureText ?? t('actionFailed'), description: event.message ?? undefined });
      }),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [actor, actions, list, t]);

  return (
    <>
      {actions.map((action) => (
        <Button
          key={action.id}
          variant={action.isDanger ? 'danger' : 'secondary'}
          {...(action.icon ? { icon: action.icon } : {})}
          onPress={() =>
            actor.send({
              type: 'action.request',
              action: action.id,
              id: '',
              confirm: action.confirm !== undefined,
              removesRow: false,
              rowIds: [],
            })
          }
        >
          {action.label}
        </Button>
      ))}
      <ConfirmDialog
        isOpen={view.phase === 'confirming' || (view.phase === 'running' && pending?.confirm !== undefined)}
        title={t('areYouSure')}
        message={pending?.confirm ?? ''}
        confirmLabel={t('yes')}
        cancelLabel={t('cancel')}
        tone={pending?.isDanger ? 'danger' : 'primary'}
        isPending={view.phase === 'running'}
        onConfirm={() => actor.send({ type: 'action.confirm' })}
        onCancel={() => actor.send({ type: 'action.cancel' })}
      />
    </>
  );
}
