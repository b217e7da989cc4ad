// One user's sessions (spec 7.13 GET /api/identity/sessions?userId; issue 9 "the user's sessions
// (revoke one or all)"), inside the users screen's Sessions dialog: the kit's list, embedded. Rules:
// Revoke signs one session out (effective on its next request, the server's rule); selecting the
// page or "all N matching" and the bulk Revoke signs them all out; the list refreshes after either.
import { useMemo } from 'react';
import type { BulkTarget } from '../../../../machines/generic/list-selection.machine.ts';
import { getUserSessions, type IdentitySessionDto, revokeSession } from '../../../api/identity-users.ts';
import type { Http } from '../../../api/http.ts';
import { useAreaTexts } from '../../../app/use-area-texts.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import { Badge } from '../../../ui/index.ts';
import { dateTimeFormatter } from '../../../views/kit/date-format.ts';
import { DeviceCell, type DeviceNamer, useDeviceName } from '../../../views/kit/device-cell.tsx';
import { ResourceScreen } from '../../../views/kit/resource-screen.tsx';
import { abpListQuery, type ResourceSpec } from '../../../views/kit/resource-spec.ts';
import type { UsersKey } from './users-rules.ts';
import { usersTexts } from './users-texts.ts';

/** Every session of the target: the ids given, or every page of the user's sessions. */
async function revokeAll(http: Http, userId: string, target: BulkTarget, signal: AbortSignal) {
  let ids: string[];
  if ('ids' in target) ids = target.ids;
  else {
    ids = [];
    for (let skipCount = 0; ; skipCount += 100) {
      const page = await getUserSessions(http, { userId, skipCount, maxResultCount: 100 }, signal);
      ids.push(...page.items.map((session) => session.id));
      if (page.items.length < 100) break;
    }
  }
  const failed: Array<{ id: string; reason: string }> = [];
  let done = 0;
  for (const id of ids) {
    try {
      await revokeSession(http, id);
      done += 1;
    } catch (error) {
      failed.push({ id, reason: (error as { data?: { error?: { message?: string } } }).data?.error?.message ?? String(error) });
    }
  }
  return { done, skipped: 0, failed };
}

export function userSessionsSpec(
  t: AreaTranslate<UsersKey>,
  userId: string,
  locale: string,
  device: DeviceNamer,
): ResourceSpec<IdentitySessionDto> {
  const dateTime = dateTimeFormatter(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const deviceOf = (session: IdentitySessionDto) => device(session.deviceInfo) ?? session.device;
  return {
    title: t('sessions'),
    tableLabel: t('sessions'),
    search: false,
    getId: (session) => session.id,
    getLabel: (session) => `${deviceOf(session)} ${session.clientId ?? ''}`.trim(),
    columns: [
      {
        id: 'device',
        header: t('device'),
        cell: (session) => (
          <DeviceCell name={deviceOf(session)} userAgent={session.deviceInfo}>
            {session.isCurrent && <Badge variant="info">{t('current')}</Badge>}
          </DeviceCell>
        ),
      },
      { id: 'clientId', header: t('client'), cell: (session) => session.clientId ?? '', dir: 'ltr' },
      { id: 'ipAddresses', header: t('ipAddresses'), cell: (session) => session.ipAddresses.join(', '), dir: 'ltr' },
      { id: 'signedIn', header: t('signedIn'), cell: (session) => dateTime(session.signedIn) },
      {
        id: 'lastAccessed',
        header: t('lastAccessed'),
        cell: (session) => dateTime(session.lastAccessed),
      },
    ],
    list: (http, query, signal) => getUserSessions(http, { ...abpListQuery({ ...query, filters: {} }), userId }, signal),
    rowActions: [
      {
        id: 'revoke',
        label: t('revoke'),
        isDanger: true,
        confirm: (session) => t('revokeConfirm', deviceOf(session)),
        removesRow: true,
        successText: t('revoked'),
        run: (http, session) => revokeSession(http, session.id),
      },
    ],
    bulkActions: [{ id: 'revoke', label: t('revoke'), run: (http, target, signal) => revokeAll(http, userId, target, signal) }],
  };
}

export function UserSessions({ userId }: { userId: string }) {
  const t = useAreaTexts(usersTexts);
  const locale = document.documentElement.lang || 'en';
  const device = useDeviceName();
  const spec = useMemo(() => userSessionsSpec(t, userId, locale, device), [t, userId, locale, device]);
  return <ResourceScreen spec={spec} embedded />;
}
