// Services (/kernel/services; finance-domain.md "Kernel"; spec 2.2 Kernel group, no policy): a tree
// screen of the kit (ResourceTree) over /api/app/service, whose panel lists who may use the selected
// service (the service permissions spec, embedded). Rules: the node type is a ServiceNodeType lookup
// value chosen on create and fixed after; the code is fixed once created (the seeded operations'
// codes are what documents name); writes need Finance.Services.Create/Update/Delete; the server's
// refusals (a node with children, a seeded one, one in use, a type that cannot go there) are said
// with its localized message.
import { useMemo } from 'react';
import { CreateServiceNodeDto } from '../../../contract/kernel.ts';
import type { EntityValues } from '../../../machines/generic/entity-form.machine.ts';
import type { Http } from '../../api/http.ts';
import { getProducts } from '../../api/inventory.ts';
import { createService, deleteService, getAllServices, getService, moveService, updateService } from '../../api/kernel.ts';
import { getLookupOptions } from '../../api/lookups.ts';
import { useAreaTexts } from '../../app/use-area-texts.ts';
import { kitTexts } from '../../views/kit/kit-texts.ts';
import { ResourceScreen } from '../../views/kit/resource-screen.tsx';
import type { FormSpec, Option } from '../../views/kit/resource-spec.ts';
import { type FormRequest, ResourceTree, type TreeSpec, treeTexts } from '../../views/kit/resource-tree.tsx';
import { schemaValidator } from '../../views/kit/schema-validator.ts';
import { kernelTexts } from './kernel-texts.ts';
import { servicePermissionSpec } from './service-permission-spec.tsx';

const codePattern = /^[A-Za-z0-9_.-]{1,64}$/;

async function loadChoices(http: Http, signal: AbortSignal) {
  const [types, products] = await Promise.all([
    getLookupOptions(http, 'ServiceNodeType', signal),
    // Products need Finance.Product: without it the list stays empty.
    getProducts(http, { maxResultCount: 1000, sorting: 'sku' }, signal).then(
      (page) => page.items.map((p) => ({ id: p.id, label: `${p.name} (${p.sku})` })),
      (): Option[] => [],
    ),
  ]);
  return { __types: types, __products: products };
}

const bodyOf = (values: EntityValues) => ({
  name: String(values.name ?? '').trim(),
  description: String(values.description ?? ''),
  productId: typeof values.productId === 'string' && values.productId !== '' ? values.productId : null,
  isActive: values.isActive !== false,
});

export default function ServicesScreen() {
  const t = useAreaTexts(kernelTexts);
  const kit = useAreaTexts(kitTexts);

  const spec = useMemo((): TreeSpec => {
    const labels = { code: t('code'), name: t('name'), description: t('description'), nodeTypeId: t('nodeType'), productId: t('product') };
    const form = (request: FormRequest, parentName: string): FormSpec<never> => ({
      entityName: t('entityName'),
      ...(request.mode === 'createChild' ? { title: t('newChildTitle', parentName) } : {}),
      fields: (isCreate) => [
        { name: 'code', label: labels.code, kind: 'text', isRequired: true, maxLength: 64, isReadOnly: () => !isCreate },
        { name: 'name', label: labels.name, kind: 'text', isRequired: true, maxLength: 128 },
        {
          name: 'nodeTypeId',
          label: labels.nodeTypeId,
          kind: 'select',
          isRequired: true,
          optionsFrom: '__types',
          isReadOnly: () => !isCreate,
        },
        { name: 'productId', label: labels.productId, kind: 'select', optionsFrom: '__products' },
        { name: 'description', label: labels.description, kind: 'multiline', maxLength: 512 },
        { name: 'isActive', label: t('isActive'), kind: 'checkbox' },
      ],
      initialValues: { code: '', name: '', nodeTypeId: null, productId: null, description: '', isActive: true },
      validate: schemaValidator(
        CreateServiceNodeDto,
        labels,
        {
          required: (label) => kit('fieldRequired', label),
          tooLong: (label, limit) => kit('fieldTooLong', label, limit),
          invalid: (label) => kit('fieldInvalid', label),
        },
        (values): Record<string, string> =>
          typeof values.code === 'string' && values.code !== '' && !codePattern.test(values.code) ? { code: t('codeInvalid') } : {},
      ),
      loadNew: async (http, signal) => ({
        values: {
          code: '',
          name: '',
          nodeTypeId: null,
          productId: null,
          description: '',
          isActive: true,
          ...(await loadChoices(http, signal)),
        },
        concurrencyStamp: null,
      }),
      load: async (http, id, signal) => {
        const [node, choices] = await Promise.all([getService(http, id, signal), loadChoices(http, signal)]);
        return {
          values: {
            code: node.code,
            name: node.name,
            nodeTypeId: node.nodeTypeId,
            productId: node.productId,
            description: node.description,
            isActive: node.isActive,
            ...choices,
          },
          concurrencyStamp: node.concurrencyStamp,
        };
      },
      save: (http, { id, values, concurrencyStamp }) =>
        id === null
          ? createService(http, {
              code: String(values.code ?? '').trim(),
              nodeTypeId: String(values.nodeTypeId ?? ''),
              parentId: request.mode === 'createChild' ? request.id : null,
              ...bodyOf(values),
            })
          : updateService(http, id, { ...bodyOf(values), concurrencyStamp: concurrencyStamp ?? '' }),
    });
    return {
      id: 'services',
      texts: treeTexts(t, { title: t('servicesTitle'), selectedNode: (name) => t('selectedNode', name) }),
      badge: (node) => (node.userCount > 0 ? t('grantCount', node.userCount) : null),
      permissions: { create: 'Finance.Services.Create', update: 'Finance.Services.Update', delete: 'Finance.Services.Delete' },
      load: async (http, signal) =>
        (await getAllServices(http, signal)).map((node) => ({
          id: node.id,
          parentId: node.parentId,
          displayName: `${node.name} (${node.code})`,
          userCount: node.permissionCount,
        })),
      move: (http, id, newParentId) => moveService(http, id, newParentId),
      remove: (http, id) => deleteService(http, id),
      form,
      panel: ({ node, changed }) => <ServicePanel key={node.id} id={node.id} name={node.name} onChanged={changed} />,
    };
  }, [t, kit]);
  return <ResourceTree spec={spec} />;
}

function ServicePanel({ id, name, onChanged }: { id: string; name: string; onChanged: () => void }) {
  const t = useAreaTexts(kernelTexts);
  const kit = useAreaTexts(kitTexts);
  const spec = useMemo(() => servicePermissionSpec(t, kit, { serviceId: id, serviceName: name }), [t, kit, id, name]);
  return <ResourceScreen spec={spec} embedded onChanged={onChanged} />;
}
