// Menus (user menu, settings panel, row actions) and popovers on react-aria. Rules: arrow keys move,
// Escape closes and focus returns to the trigger; a section can carry single selection (Appearance,
// Container Width) so the current choice is announced as checked; items are data, texts from props.
import type { ReactNode } from 'react';
import {
  Dialog as AriaDialog,
  Header,
  type Key,
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
  MenuSection as AriaMenuSection,
  MenuTrigger,
  Popover as AriaPopover,
  type PopoverProps as AriaPopoverProps,
  Separator,
  SubmenuTrigger,
} from 'react-aria-components';
import { Icon } from './icon.tsx';
import type { IconName } from './icon-paths.ts';
import * as styles from './overlay.css.ts';

export { MenuTrigger, SubmenuTrigger };

export type PopoverProps = Omit<AriaPopoverProps, 'className' | 'style'> & { className?: string };

export function Popover({ className, ...rest }: PopoverProps) {
  return <AriaPopover offset={6} {...rest} className={[styles.popover, className ?? ''].join(' ')} />;
}

/** A popover holding free content (not a menu): a dialog, so it needs a name. */
export function PopoverDialog({ 'aria-label': label, children }: { 'aria-label': string; children: ReactNode }) {
  return (
    <AriaDialog aria-label={label} className={styles.popoverDialog}>
      {children}
    </AriaDialog>
  );
}

export type MenuProps<T extends object> = Omit<AriaMenuProps<T>, 'className' | 'style'> & { placement?: AriaPopoverProps['placement'] };

/** A menu in its popover; put it inside <MenuTrigger> after the trigger button. */
export function Menu<T extends object>({ placement = 'bottom end', ...rest }: MenuProps<T>) {
  return (
    <Popover placement={placement}>
      <AriaMenu {...rest} className={styles.menu} />
    </Popover>
  );
}

export type MenuItemProps = Omit<AriaMenuItemProps, 'className' | 'style' | 'children'> & {
  children: ReactNode;
  icon?: IconName;
  isDanger?: boolean;
};

export function MenuItem({ children, icon, isDanger, textValue, ...rest }: MenuItemProps) {
  return (
    <AriaMenuItem
      {...rest}
      textValue={textValue ?? (typeof children === 'string' ? children : undefined)}
      className={[styles.menuItem, isDanger ? styles.menuItemDanger : ''].join(' ')}
    >
      {({ selectionMode, hasSubmenu }) => (
        <>
          {selectionMode !== 'none' && <Icon name="check" size={16} className={styles.menuCheck} />}
          {icon && <Icon name={icon} size={16} />}
          <span>{children}</span>
          {hasSubmenu && <Icon name="chevron-right" size={16} />}
        </>
      )}
    </AriaMenuItem>
  );
}

export type MenuSectionProps = {
  title?: string;
  /** Rich, non-interactive header content (the user menu's avatar, name, tenant and e-mail). */
  header?: ReactNode;
  /** Required when there is no visible title, so the group still has a name. */
  'aria-label'?: string;
  selectionMode?: 'none' | 'single' | 'multiple';
  selectedKeys?: Iterable<Key>;
  onSelectionChange?: (keys: Set<Key>) => void;
  children: ReactNode;
};

export function MenuSection({ title, header, children, onSelectionChange, ...rest }: MenuSectionProps) {
  return (
    <AriaMenuSection
      {...rest}
      onSelectionChange={onSelectionChange ? (keys) => onSelectionChange(keys === 'all' ? new Set() : new Set(keys)) : undefined}
    >
      {title && <Header className={styles.menuHeader}>{title}</Header>}
      {header && <Header className={styles.menuRichHeader}>{header}</Header>}
      {children}
    </AriaMenuSection>
  );
}

export function MenuSeparator() {
  return <Separator className={styles.separator} />;
}
