// Categories (/inventory/categories; finance-domain.md "Inventory", spec 6 Finance.Category): a tree
// screen of the kit (ResourceTree) over /api/app/category, whose panel lists the selected category's
// products (the product spec, embedded). Rules: writes need Finance.Category.Create/Update/Delete; the
// server refuses to delete a category with sub-categories or products (its localized message is said).
import { useMemo } from 'react';
import { CreateCategoryDto } from '../../../contract/inventory.ts';
import { createCategory, deleteCategory, getAllCategories, getCategory, moveCategory, updateCategory } from '../../api/inventory.ts';
import { useAreaTexts } from '../../app/use-area-texts.ts';
import { kitTexts } from '../../views/kit/kit-texts.ts';
import { ResourceScreen } from '../../views/kit/resource-screen.tsx';
import type { FormSpec } from '../../views/kit/resource-spec.ts';
import { type FormRequest, ResourceTree, type TreeSpec, treeTexts } from '../../views/kit/resource-tree.tsx';
import { schemaValidator } from '../../views/kit/schema-validator.ts';
import { inventoryTexts } from './inventory-texts.ts';
import { productSpec } from './product-spec.tsx';

export default function CategoriesScreen() {
  const t = useAreaTexts(inventoryTexts);
  const kit = useAreaTexts(kitTexts);

  const spec = useMemo((): TreeSpec => {
    const labels = { name: t('name'), description: t('description') };
    const form = (request: FormRequest, parentName: string): FormSpec<never> => ({
      entityName: t('categoryEntity'),
      ...(request.mode === 'createChild' ? { title: t('newChildTitle', parentName) } : {}),
      fields: [
        { name: 'name', label: labels.name, kind: 'text', isRequired: true, maxLength: 128 },
        { name: 'description', label: labels.description, kind: 'multiline', maxLength: 512 },
      ],
      initialValues: { name: '', description: '' },
      validate: schemaValidator(CreateCategoryDto, labels, {
        required: (label) => kit('fieldRequired', label),
        tooLong: (label, limit) => kit('fieldTooLong', label, limit),
        invalid: (label) => kit('fieldInvalid', label),
      }),
      load: async (http, id, signal) => {
        const category = await getCategory(http, id, signal);
        return { values: { name: category.name, description: category.description }, concurrencyStamp: category.concurrencyStamp };
      },
      save: (http, { id, values, concurrencyStamp }) => {
        const body = { name: String(values.name ?? '').trim(), description: String(values.description ?? '') };
        return id === null
          ? createCategory(http, { ...body, parentId: request.mode === 'createChild' ? request.id : null })
          : updateCategory(http, id, { ...body, concurrencyStamp: concurrencyStamp ?? '' });
      },
    });
    return {
      id: 'categories',
      texts: treeTexts(t, { title: t('categoriesTitle'), selectedNode: (name) => t('selectedNode', name) }),
      badge: (node) => t('productCount', node.userCount),
      permissions: { create: 'Finance.Category.Create', update: 'Finance.Category.Update', delete: 'Finance.Category.Delete' },
      load: async (http, signal) =>
        (await getAllCategories(http, signal)).map((category) => ({
          id: category.id,
          parentId: category.parentId,
          displayName: category.name,
          userCount: category.productCount,
        })),
      move: (http, id, newParentId) => moveCategory(http, id, newParentId),
      remove: (http, id) => deleteCategory(http, id),
      form,
      panel: ({ node, changed }) => <CategoryProducts key={node.id} id={node.id} name={node.name} onChanged={changed} />,
    };
  }, [t, kit]);
  return <ResourceTree spec={spec} />;
}

function CategoryProducts({ id, name, onChanged }: { id: string; name: string; onChanged: () => void }) {
  const t = useAreaTexts(inventoryTexts);
  const kit = useAreaTexts(kitTexts);
  const spec = useMemo(() => productSpec(t, kit, { categoryId: id, categoryName: name }), [t, kit, id, name]);
  return <ResourceScreen spec={spec} embedded onChanged={onChanged} />;
}
