// Sessions (/account/sessions, also {issuer}Account/Sessions; spec 2.4, 3, 7.9): the signed-in
// user's own sessions, a spec of the resource kit on the account area's HTTP client (a 401 re-reads
// the configuration, so a session revoked elsewhere goes to login). Rules: filters device and client
// id as an open form (no free text); last activity first; 'Revoke' asks 'Are you sure?', the server
// ends that session at once, the list reloads and a toast says how it went; the current session is
// marked and its Revoke is shown disabled (Logout ends it); 'Log out all other sessions' (a list
// action) asks, then ends every session but this one at once, and the list reloads.
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { getMySessions, revokeOtherSessions, revokeSession, type SessionDto } from '../../../api/my-account.ts';
import { selectCulture } from '../../../app/shell-view.ts';
import { useAreaTexts } from '../../../app/use-area-texts.ts';
import { useSystem } from '../../../app/system-context.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import { dateTimeFormatter } from '../../../views/kit/date-format.ts';
import { type DeviceNamer, useDeviceName } from '../../../views/kit/device-cell.tsx';
import { ResourceScreen } from '../../../views/kit/resource-screen.tsx';
import { sessionColumns } from '../../../views/kit/session-columns.tsx';
import { abpListQuery, type ResourceSpec } from '../../../views/kit/resource-spec.ts';
import { useAccountHttp } from '../manage/account-http.ts';
import { type SessionsKey, sessionsTexts } from './sessions-texts.ts';

export function mySessionsSpec(t: AreaTranslate<SessionsKey>, locale: string, device: DeviceNamer): ResourceSpec<SessionDto> {
  const when = dateTimeFormatter(locale);
  const deviceOf = (session: SessionDto) => device(session.deviceInfo) ?? (session.device || t('unknownDevice'));
  return {
    title: t('title'),
    tableLabel: t('table'),
    getId: (session) => session.id,
    getLabel: deviceOf,
    actionsLabel: (session) => t('rowActions', deviceOf(session)),
    listTexts: { empty: t('empty'), emptyDescription: t('emptyDescription'), loadFailed: t('loadFailed') },
    search: false,
    filtersOpen: true,
    filters: [
      { kind: 'text', name: 'device', label: t('device') },
      { kind: 'text', name: 'clientId', label: t('clientId') },
    ],
    defaultSorting: { id: 'lastAccessed', direction: 'desc' },
    columns: sessionColumns(t, deviceOf, when),
    list: (http, query, signal) => getMySessions(http, abpListQuery(query), signal),
    listActions: [
      {
        id: 'revokeOthers',
        label: t('revokeOthers'),
        icon: 'x',
        isDanger: true,
        confirm: t('revokeOthersConfirm'),
        successText: t('revokedOthers'),
        failureText: t('revokeOthersFailed'),
        run: (http) => revokeOtherSessions(http),
      },
    ],
    rowActions: [
      {
        id: 'revoke',
        label: t('revoke'),
        icon: 'x',
        isDanger: true,
        isDisabled: (session) => session.isCurrent,
        confirm: (session) => t('revokeConfirm', deviceOf(session)),
        removesRow: true,
        successText: t('revoked'),
        failureText: t('revokeFailed'),
        run: (http, session) => revokeSession(http, session.id),
      },
    ],
  };
}

export default function SessionsScreen() {
  const t = useAreaTexts(sessionsTexts);
  const { auth } = useSystem();
  const culture = useSelector(auth, selectCulture);
  const http = useAccountHttp();
  const device = useDeviceName();
  const spec = useMemo(() => mySessionsSpec(t, culture, device), [t, culture, device]);
  return <ResourceScreen spec={spec} http={http} />;
}
