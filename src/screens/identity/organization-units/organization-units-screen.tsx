// Organization units (/identity/organization-units; spec 2.2, 6 AbpIdentity.OrganizationUnits, 7.13):
// a tree screen of the kit (ResourceTree: the tree with add, rename, move by dialog or drag and drop,
// delete asked first) whose panel is the selected unit's Members and Roles (unit-lists.tsx). Rules:
// ManageOU offers every tree action; the delete names how many units go with it; a refused move is
// said in the live region and as a toast (the server's localized message when it refused).
import { useMemo } from 'react';
import { OrganizationUnitCreateDto } from '../../../../contract/identity-organization.ts';
import {
  createOrganizationUnit,
  deleteOrganizationUnit,
  getAllOrganizationUnits,
  getOrganizationUnit,
  moveOrganizationUnit,
  updateOrganizationUnit,
} from '../../../api/identity-organization-units.ts';
import { isGranted } from '../../../app/access.ts';
import { selectAccess, shallowEqual } from '../../../app/shell-view.ts';
import { useSystem } from '../../../app/system-context.ts';
import { useAreaTexts } from '../../../app/use-area-texts.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import { Tab, TabList, TabPanel, Tabs } from '../../../ui/index.ts';
import { type KitTextKey, kitTexts } from '../../../views/kit/kit-texts.ts';
import { type FormRequest, ResourceTree, type TreeSpec, treeTexts } from '../../../views/kit/resource-tree.tsx';
import type { FormSpec } from '../../../views/kit/resource-spec.ts';
import { schemaValidator } from '../../../views/kit/schema-validator.ts';
import { useSelector } from '@xstate/react';
import { type OrganizationUnitsTextKey, organizationUnitsTexts } from './organization-units-texts.ts';
import { UnitMembersAndRoles } from './unit-lists.tsx';

type Texts = AreaTranslate<OrganizationUnitsTextKey>;
const manageOU = 'AbpIdentity.OrganizationUnits.ManageOU';

function unitForm(t: Texts, kit: AreaTranslate<KitTextKey>, request: FormRequest, parentName: string): FormSpec<never> {
  const labels = { displayName: t('displayName') };
  return {
    entityName: t('entityName'),
    ...(request.mode === 'createChild' ? { title: t('newChildTitle', parentName) } : {}),
    fields: [{ name: 'displayName', label: labels.displayName, kind: 'text', isRequired: true, maxLength: 128 }],
    initialValues: { displayName: '' },
    validate: schemaValidator(OrganizationUnitCreateDto, labels, {
      required: (label) => kit('fieldRequired', label),
      tooLong: (label, limit) => kit('fieldTooLong', label, limit),
      invalid: (label) => kit('fieldInvalid', label),
    }),
    load: async (http, id, signal) => {
      const unit = await getOrganizationUnit(http, id, signal);
      return { values: { displayName: unit.displayName }, concurrencyStamp: unit.concurrencyStamp };
    },
    save: (http, { id, values, concurrencyStamp }) => {
      const displayName = String(values.displayName ?? '').trim();
      return id === null
        ? createOrganizationUnit(http, { displayName, parentId: request.mode === 'createChild' ? request.id : null })
        : updateOrganizationUnit(http, id, { displayName, concurrencyStamp: concurrencyStamp ?? '' });
    },
  };
}

export default function OrganizationUnitsScreen() {
  const t = useAreaTexts(organizationUnitsTexts);
  const kit = useAreaTexts(kitTexts);
  const { auth } = useSystem();
  const access = useSelector(auth, selectAccess, shallowEqual);

  const spec = useMemo(
    (): TreeSpec => ({
      id: 'ou',
      texts: treeTexts(t, { title: t('title'), selectedNode: (name) => t('selectedUnit', name) }),
      badge: (node) => t('memberCount', node.userCount),
      permissions: { create: manageOU, update: manageOU, delete: manageOU },
      load: (http, signal) => getAllOrganizationUnits(http, signal),
      move: (http, id, newParentId) => moveOrganizationUnit(http, id, newParentId),
      remove: (http, id) => deleteOrganizationUnit(http, id),
      form: (request, parentName) => unitForm(t, kit, request, parentName),
      panel: ({ node, nodes, http, changed }) => (
        <Tabs>
          <TabList aria-label={t('selectedUnit', node.name)}>
            <Tab id="members">{t('members')}</Tab>
            <Tab id="roles">{t('roles')}</Tab>
          </TabList>
          {(['members', 'roles'] as const).map((tab) => (
            <TabPanel key={tab} id={tab}>
              <UnitMembersAndRoles
                key={node.id}
                unit={node}
                units={nodes}
                tab={tab}
                http={http}
                t={t}
                kit={kit}
                can={(permission) => isGranted(access, permission)}
                onChanged={changed}
              />
            </TabPanel>
          ))}
        </Tabs>
      ),
    }),
    [t, kit, access],
  );
  return <ResourceTree spec={spec} />;
}
