// The organization units screen's own layout beyond the kit's tree screen (resource-tree.css.ts):
// the action row of the members and roles lists. Logical properties only.
import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/index.ts';

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
