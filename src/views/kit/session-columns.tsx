// The columns a sessions list shows (the account area's own Sessions and the administrators'
// Sessions; spec 3 "Session"): the device with the current session's badge, client, IP addresses
// (left to right), sign-in and last activity. One definition, so both lists read alike.
import { Badge, type DataColumn } from '../../ui/index.ts';
import type { FormatDate } from './date-format.ts';
import { DeviceCell } from './device-cell.tsx';

export interface SessionRow {
  deviceInfo: string | null;
  isCurrent: boolean;
  clientId: string | null;
  ipAddresses: string[];
  signedIn: string | null;
  lastAccessed: string | null;
}

type SessionText = 'device' | 'current' | 'clientId' | 'ipAddresses' | 'signedIn' | 'lastAccessed';

export function sessionColumns<T extends SessionRow>(
  t: (key: SessionText) => string,
  deviceOf: (session: T) => string,
  when: FormatDate,
): DataColumn<T>[] {
  return [
    {
      id: 'device',
      header: t('device'),
      sortable: true,
      cell: (session) => (
        <DeviceCell name={deviceOf(session)} userAgent={session.deviceInfo}>
          {session.isCurrent && <Badge variant="success">{t('current')}</Badge>}
        </DeviceCell>
      ),
    },
    { id: 'clientId', header: t('clientId'), sortable: true, cell: (session) => session.clientId ?? '', dir: 'ltr' },
    { id: 'ipAddresses', header: t('ipAddresses'), cell: (session) => session.ipAddresses.join(', '), dir: 'ltr' },
    { id: 'signedIn', header: t('signedIn'), sortable: true, cell: (session) => when(session.signedIn) },
    { id: 'lastAccessed', header: t('lastAccessed'), sortable: true, cell: (session) => when(session.lastAccessed) },
  ];
}
