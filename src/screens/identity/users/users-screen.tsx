// Users (/identity/users): the users spec (users-spec.tsx) on the kit's ResourceScreen, plus the
// import in the toolbar (its own fileImport machine; a finished import reloads the list through the
// kit's refresh), offered with AbpIdentity.Users.Import.
import { useMemo } from 'react';
import { isGranted } from '../../../app/access.ts';
import { selectAccess, shallowEqual } from '../../../app/shell-view.ts';
import { useSystem } from '../../../app/system-context.ts';
import { useAreaTexts } from '../../../app/use-area-texts.ts';
import { useSessionHttp } from '../../../app/use-session-http.ts';
import { useSelector } from '@xstate/react';
import { kitTexts } from '../../../views/kit/kit-texts.ts';
import { ResourceScreen } from '../../../views/kit/resource-screen.tsx';
import { UsersImport } from './users-import.tsx';
import { usersSpec } from './users-spec.tsx';
import { usersTexts } from './users-texts.ts';

export default function UsersScreen() {
  const t = useAreaTexts(usersTexts);
  const kit = useAreaTexts(kitTexts);
  const http = useSessionHttp();
  const { auth } = useSystem();
  const access = useSelector(auth, selectAccess, shallowEqual);
  const currentUserId = useSelector(auth, (snapshot) => snapshot.context.configuration?.currentUser.id ?? null);
  const locale = document.documentElement.lang || 'en';
  const spec = useMemo(
    () => ({
      ...usersSpec(t, kit, locale, {
        currentUserId,
        impersonate: (userId) => auth.send({ type: 'auth.impersonate', userId }),
      }),
      ...(isGranted(access, 'AbpIdentity.Users.Import')
        ? { toolbar: ({ refresh }: { refresh: () => void }) => <UsersImport http={http} t={t} kit={kit} onImported={refresh} /> }
        : {}),
    }),
    [t, kit, locale, access, http, auth, currentUserId],
  );
  return <ResourceScreen spec={spec} />;
}
