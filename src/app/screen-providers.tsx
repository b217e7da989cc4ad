// What every lazily loaded screen (and the lazy always-present pieces) renders inside. Rules:
// - react-aria takes direction-aware keys (arrows in tabs, menus, radio groups), number and date
//   formats from its I18nProvider; the shell never sets it, so without this an Arabic page would move
//   the wrong way. The locale is the UI culture the session holds (the server's once known).
// - This module pulls in react-aria's I18nProvider (only it, not the design system), so it is only
//   ever imported dynamically, together with the screen's own chunk (withScreenProviders in app.tsx).
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { I18nProvider } from '../ui/i18n-provider.ts';
import { selectCulture } from './shell-view.ts';
import { useSystem } from './system-context.ts';

export function ScreenProviders({ children }: { children: ReactNode }) {
  const { auth } = useSystem();
  const culture = useSelector(auth, selectCulture);
  return <I18nProvider locale={culture}>{children}</I18nProvider>;
}
