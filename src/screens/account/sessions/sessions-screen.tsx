// Sessions (/account/sessions, also {issuer}Account/Sessions; spec 2.4, 3, 7.9): the signed-in
// user's sessions as a paged list on the generic pagedList machine (filters device and client id),
// with device, client, IP and last activity. Rules: 'Revoke' asks 'Are you sure?' (the shell's
// confirmAction), then revokes through a myAccountForm actor (one post, no double submit); the
// server ends that session at once, the list reloads and a toast says how it went. The current
// session is marked and is not revoked from here (Logout ends it).
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { myAccountFormMachine, type SavedForm } from '../../../../machines/account/my-account-form.machine.ts';
import { abpError, getMySessions, revokeSession, type SessionDto } from '../../../api/my-account.ts';
import { requestConfirmation } from '../../../app/effects.ts';
import { inspectOptions } from '../../../app/inspection.ts';
import { selectCulture } from '../../../app/shell-view.ts';
import { useAreaTexts } from '../../../app/use-area-texts.ts';
import { useSystem } from '../../../app/system-context.ts';
import { Badge, type DataColumn, showToast, stackClass, TextField } from '../../../ui/index.ts';
import { abpListQuery } from '../../../views/kit/resource-spec.ts';
import { ListFilters, ListTable, usePagedList, usePagedListActor } from '../../../views/lists/paged-list-view.tsx';
import { useDateFormats } from '../../audit-logs/audit-parts.tsx';
import { useAccountHttp } from '../manage/account-http.ts';
import { sessionsTexts } from './sessions-texts.ts';

const addresses = (value: SessionDto['ipAddresses']) => (Array.isArray(value) ? value.join(', ') : (value ?? ''));

export default function SessionsScreen() {
  const t = useAreaTexts(sessionsTexts);
  const { auth, confirmAction } = useSystem();
  const dates = useDateFormats(useSelector(auth, selectCulture));
  const http = useAccountHttp();
  const list = usePagedListActor((query, signal) => getMySessions(http, abpListQuery(query), signal), {
    sorting: { id: 'lastAccessed', direction: 'desc' },
  });
  const revoke = useActorRef(
    myAccountFormMachine.provide({
      actors: {
        saveForm: fromPromise<SavedForm, { values: Record<string, unknown> }>(async ({ input }) => {
          try {
            await revokeSession(http, String(input.values.sessionId));
          } catch (error) {
            throw abpError(error);
          }
          return { values: {}, isValid: false };
        }),
      },
    }),
    { input: { isValid: false }, ...inspectOptions() },
  );
  const { view, edit, text } = usePagedList<SessionDto>(list);
  const revoking = useSelector(revoke, (snapshot) => snapshot.matches('saving'));
  const revokeFailure = useSelector(revoke, (snapshot) => snapshot.context.failure);

  useEffect(() => {
    const subscription = revoke.on('form.saved', () => {
      showToast({ kind: 'success', title: t('revoked') });
      list.send({ type: 'refresh' });
    });
    return () => subscription.unsubscribe();
  }, [revoke, list, t]);
  useEffect(() => {
    if (revokeFailure) showToast({ kind: 'error', title: t('revokeFailed'), description: revokeFailure.message ?? undefined });
  }, [revokeFailure, t]);

  const deviceOf = (session: SessionDto) => session.device || session.deviceInfo || t('unknownDevice');
  const askRevoke = async (session: SessionDto) => {
    if (!(await requestConfirmation(confirmAction, t('revokeConfirm', deviceOf(session))))) return;
    revoke.send({ type: 'form.change', values: { sessionId: session.id }, isValid: true });
    revoke.send({ type: 'form.submit' });
  };

  const columns: DataColumn<SessionDto>[] = [
    {
      id: 'device',
      header: t('device'),
      sortable: true,
      cell: (session) => (
        <>
          {deviceOf(session)}
          {session.deviceInfo && session.device ? ` (${session.deviceInfo})` : ''}{' '}
          {session.isCurrent && <Badge variant="success">{t('current')}</Badge>}
        </>
      ),
    },
    { id: 'clientId', header: t('clientId'), sortable: true, cell: (session) => session.clientId ?? '' },
    { id: 'ipAddresses', header: t('ipAddresses'), cell: (session) => addresses(session.ipAddresses) },
    { id: 'signedIn', header: t('signedIn'), sortable: true, cell: (session) => dates.short(session.signedIn) },
    { id: 'lastAccessed', header: t('lastAccessed'), sortable: true, cell: (session) => dates.short(session.lastAccessed) },
  ];

  return (
    <div className={`page ${stackClass}`}>
      <h1>{t('title')}</h1>
      <ListFilters list={list} t={t}>
        <TextField label={t('device')} value={text('device')} onChange={(value) => edit('device', value)} />
        <TextField label={t('clientId')} value={text('clientId')} onChange={(value) => edit('clientId', value)} />
      </ListFilters>
      <ListTable<SessionDto>
        list={list}
        view={view}
        t={t}
        label={t('table')}
        columns={columns}
        getRowId={(session) => session.id}
        rowActions={(session) => [
          {
            id: 'revoke',
            label: t('revoke'),
            icon: 'x',
            isDanger: true,
            isDisabled: session.isCurrent || revoking,
            onAction: () => void askRevoke(session),
          },
        ]}
        rowActionsLabel={(session) => t('rowActions', deviceOf(session))}
      />
    </div>
  );
}
