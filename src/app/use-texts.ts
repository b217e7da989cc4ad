// The texts of the current culture, for render-only components (culture from the auth machine).
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { textsFor } from '../i18n/texts.ts';
import { selectCulture, type Translate } from './shell-view.ts';
import { useSystem } from './system-context.ts';

export function useTexts(): Translate {
  const { auth } = useSystem();
  const culture = useSelector(auth, selectCulture);
  return useMemo(() => textsFor(culture), [culture]);
}
