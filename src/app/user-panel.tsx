// The user panel with the user menu's entries (user-menu.ts), loaded when the panel first opens, not
// with the first paint (issue 18), as the settings panel is.
import { type UserPanelProps, UserPanelView } from '../views/shell/user-panel-view.tsx';
import { type UserMenuInput, userMenuGroups } from './user-menu.ts';

export default function UserPanel({ menu, ...props }: Omit<UserPanelProps, 'groups'> & { menu: UserMenuInput }) {
  return <UserPanelView {...props} groups={userMenuGroups(menu)} />;
}
