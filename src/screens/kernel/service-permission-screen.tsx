// Service permissions (/kernel/service-permission; finance-domain.md "Kernel"): every grant of the
// tenant on the resource kit (service permissions spec), filtered by service and kind of grantee.
import { useMemo } from 'react';
import { useAreaTexts } from '../../app/use-area-texts.ts';
import { kitTexts } from '../../views/kit/kit-texts.ts';
import { ResourceScreen } from '../../views/kit/resource-screen.tsx';
import { kernelTexts } from './kernel-texts.ts';
import { servicePermissionSpec } from './service-permission-spec.tsx';

export default function ServicePermissionScreen() {
  const t = useAreaTexts(kernelTexts);
  const kit = useAreaTexts(kitTexts);
  const spec = useMemo(() => servicePermissionSpec(t, kit), [t, kit]);
  return <ResourceScreen spec={spec} />;
}
