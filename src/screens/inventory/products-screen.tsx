// Products (/inventory/products; finance-domain.md "Inventory", spec 6 Finance.Product): every product
// of the tenant on the resource kit (product spec), filtered by category, type and active.
import { useMemo } from 'react';
import { useAreaTexts } from '../../app/use-area-texts.ts';
import { kitTexts } from '../../views/kit/kit-texts.ts';
import { ResourceScreen } from '../../views/kit/resource-screen.tsx';
import { inventoryTexts } from './inventory-texts.ts';
import { productSpec } from './product-spec.tsx';

export default function ProductsScreen() {
  const t = useAreaTexts(inventoryTexts);
  const kit = useAreaTexts(kitTexts);
  const spec = useMemo(() => productSpec(t, kit), [t, kit]);
  return <ResourceScreen spec={spec} />;
}
