// Sessions (/identity/sessions; spec 3 "Session filter", 6 AbpIdentity.Sessions, 7.13): every user's
// signed-in sessions, a spec of the resource kit. Not in spec 2.2's menu: it sits under Identity
// management after Security logs (src/app/menu.ts says why). Rules: filters user (a lookup of the
// users), device and client id; no free-text search (the server has none);
// Revoke asks 'Are you sure?' and ends the session at once: its browser's next request answers 401
// and goes to login; the caller's own session is not revoked from here (Logout ends it).
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { getSessions, type IdentitySessionDto, lookupSessionUsers, revokeSession } from '../../../api/identity-sessions.ts';
import { selectCulture } from '../../../app/shell-view.ts';
import { useSystem } from '../../../app/system-context.ts';
import { useAreaTexts } from '../../../app/use-area-texts.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import { dateTimeFormatter } from '../../../views/kit/date-format.ts';
import { type DeviceNamer, useDeviceName } from '../../../views/kit/device-cell.tsx';
import { abpListQuery, type FilterSpec, type ResourceSpec } from '../../../views/kit/resource-spec.ts';
import { ResourceScreen } from '../../../views/kit/resource-screen.tsx';
import { sessionColumns } from '../../../views/kit/session-columns.tsx';
import { type IdentitySessionsKey, identitySessionsTexts } from './sessions-texts.ts';

export function sessionsSpec(
  t: AreaTranslate<IdentitySessionsKey>,
  revokedText: string,
  locale: string,
  device: DeviceNamer,
): ResourceSpec<IdentitySessionDto> {
  const when = dateTimeFormatter(locale, { dateStyle: 'short', timeStyle: 'short' });
  const deviceOf = (session: IdentitySessionDto) => device(session.deviceInfo) ?? session.device;
  const label = (session: IdentitySessionDto) => t('sessionLabel', session.userName ?? '', deviceOf(session));
  const filters: FilterSpec[] = [
    {
      kind: 'select',
      name: 'userId',
      label: t('user'),
      loadOptions: async (http, signal) => (await lookupSessionUsers(http, signal)).map((user) => ({ id: user.id, label: user.userName })),
    },
    { kind: 'text', name: 'device', label: t('device') },
    { kind: 'text', name: 'clientId', label: t('clientId') },
  ];
  return {
    title: t('title'),
    tableLabel: t('table'),
    getId: (session) => session.id,
    getLabel: label,
    defaultSorting: { id: 'lastAccessed', direction: 'desc' },
    search: false,
    filters,
    columns: [
      { id: 'userName', header: t('userName'), sortable: true, cell: (session) => session.userName ?? '' },
      ...sessionColumns(t, deviceOf, when),
    ],
    list: (http, query, signal) => getSessions(http, abpListQuery(query, filters), signal),
    rowActions: [
      {
        id: 'revoke',
        label: t('revoke'),
        icon: 'x',
        isDanger: true,
        isAvailable: (session) => !session.isCurrent,
        confirm: (session) => t('revokeConfirm', session.userName ?? '', deviceOf(session)),
        removesRow: true,
        successText: revokedText,
        run: (http, session) => revokeSession(http, session.id),
      },
    ],
  };
}

export default function IdentitySessionsScreen() {
  const t = useAreaTexts(identitySessionsTexts);
  const { auth } = useSystem();
  const culture = useSelector(auth, selectCulture);
  const device = useDeviceName();
  const spec = useMemo(() => sessionsSpec(t, t('revoked'), culture, device), [t, culture, device]);
  return <ResourceScreen spec={spec} />;
}
