// A device in a list (sessions, security logs; issue 20.9): the readable name from the user agent
// (user-agent.ts) in the user's language, the full string as the cell's tooltip, and anything the
// row adds (the current session's badge) kept on the same line, since a phone's card lays a cell's
// children out one per row.
import { useCallback } from 'react';
import type { ReactNode } from 'react';
import { useAreaTexts } from '../../app/use-area-texts.ts';
import { kitTexts } from './kit-texts.ts';
import { deviceName } from './user-agent.ts';

export type DeviceNamer = (userAgent: string | null | undefined) => string | null;

/** The device namer in the user's language, for a spec's cells and row labels. */
export function useDeviceName(): DeviceNamer {
  const t = useAreaTexts(kitTexts);
  return useCallback((userAgent) => deviceName(userAgent, (browser, platform) => t('deviceOn', browser, platform)), [t]);
}

export function DeviceCell({ name, userAgent, children }: { name: string; userAgent: string | null | undefined; children?: ReactNode }) {
  return (
    <span title={userAgent ?? undefined}>
      {name}
      {children && <> {children}</>}
    </span>
  );
}
