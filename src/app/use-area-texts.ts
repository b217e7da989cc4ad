// The texts of a feature area in the current culture (see src/i18n/define-texts.ts).
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { AreaTranslate } from '../i18n/define-texts.ts';
import { selectCulture } from './shell-view.ts';
import { useSystem } from './system-context.ts';

export function useAreaTexts<Keys extends string>(area: (culture: string) => AreaTranslate<Keys>): AreaTranslate<Keys> {
  const { auth } = useSystem();
  const culture = useSelector(auth, selectCulture);
  return useMemo(() => area(culture), [area, culture]);
}
