// The texts of a feature area in the current culture (see src/i18n/define-texts.ts); re-rendered when
// the server's texts arrive or the user's time zone is set.
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { AreaTranslate } from '../i18n/define-texts.ts';
import { selectCulture } from './shell-view.ts';
import { useSystem } from './system-context.ts';
import { useTextsVersion } from './use-texts.ts';

export function useAreaTexts<Keys extends string>(area: (culture: string) => AreaTranslate<Keys>): AreaTranslate<Keys> {
  const { auth } = useSystem();
  const culture = useSelector(auth, selectCulture);
  const version = useTextsVersion();
  // biome-ignore lint/correctness/useExhaustiveDependencies: version invalidates the translator when the texts change
  return useMemo(() => area(culture), [area, culture, version]);
}
