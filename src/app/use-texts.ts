// The texts of the current culture, for render-only components (culture from the auth machine).
// They re-render when the server's texts arrive or the user's time zone is set (src/i18n/server-texts.ts).
import { useSelector } from '@xstate/react';
import { useMemo, useSyncExternalStore } from 'react';
import { serverTextsVersion, subscribeServerTexts } from '../i18n/server-texts.ts';
import { textsFor } from '../i18n/texts.ts';
import { selectCulture, type Translate } from './shell-view.ts';
import { useSystem } from './system-context.ts';

/** A number that changes whenever the texts or the time zone the formatter uses change. */
export function useTextsVersion(): number {
  return useSyncExternalStore(subscribeServerTexts, serverTextsVersion, serverTextsVersion);
}

export function useTexts(): Translate {
  const { auth } = useSystem();
  const culture = useSelector(auth, selectCulture);
  const version = useTextsVersion();
  // biome-ignore lint/correctness/useExhaustiveDependencies: version invalidates the translator when the texts change
  return useMemo(() => textsFor(culture), [culture, version]);
}
