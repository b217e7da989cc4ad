// My account's tabs stay mounted (my-account-screen.tsx says why): a panel that is not selected
// takes no room, so the selected one starts right under the tab list (react-aria marks the others
// data-inert).
import { globalStyle, style } from '@vanilla-extract/css';

export const tabsHost = style({ minInlineSize: 0 });
// (An unselected panel has no tabpanel role, only its data-inert mark.)
globalStyle(`${tabsHost} [data-inert="true"]`, { display: 'none' });
