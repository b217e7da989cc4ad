// The design system's public surface: import from 'src/ui/index.ts', never from inner files, so the
// inside can change. Rules of src/ui: react-aria-components + vanilla-extract only; no machines, no
// api, no storage, no texts (every label is a prop so the app's i18n feeds it).
import './theme/global.css.ts';
// Before any component renders: react-aria's inline <style> is kept out (strict CSP).
import './csp.css.ts';
import './csp.ts';

export { I18nProvider, RouterProvider } from 'react-aria-components';
export type { Key } from 'react-aria-components';

// Theme, layout, breakpoints
export { breakpointOf, type Breakpoint, breakpoints, mediaBetween, mediaDown, mediaUp } from './theme/breakpoints.ts';
export { clusterClass, containerClass, formActionsClass, formGridClass, stackClass } from './theme/layout.css.ts';
export { type ChromeColors, darkPalette, lightPalette, type Palette } from './theme/palettes.ts';
export {
  type ContainerWidth,
  containerWidths,
  defaultContainerWidth,
  resolveTheme,
  type ThemeChoice,
  type ThemeName,
  themeNames,
} from './theme/theme-names.ts';
export { chromeClass, focusRing, themeClass, vars } from './theme/theme.css.ts';

// Pure helpers
export { initials } from './initials.ts';
export { pageRange, type PageRange } from './pagination.ts';
export { type BadgeVariant, badgeVariants, httpMethodBadgeVariant, statusCodeBadgeVariant } from './status.ts';
export { ariaSort, nextSort, type SortDirection, type SortState, toSorting } from './table-sort.ts';

// Components
export { Button, type ButtonProps, IconButton, type IconButtonProps, Link, type LinkProps } from './components/button.tsx';
export {
  Checkbox,
  type CheckboxProps,
  RadioGroup,
  type RadioGroupProps,
  type RadioOption,
  Switch,
  type SwitchProps,
} from './components/choice.tsx';
export { Badge, type BreadcrumbItem, Breadcrumbs, Card, type CardProps, EmptyValue } from './components/content.tsx';
export { ConfirmDialog, type ConfirmDialogProps, DialogTrigger, Modal, type ModalProps, type ModalSize } from './components/dialog.tsx';
export { Icon, type IconProps } from './components/icon.tsx';
export { LtrBlock, LtrText } from './components/ltr.tsx';
export { type IconName, iconPaths } from './components/icon-paths.ts';
export {
  Menu,
  MenuItem,
  type MenuItemProps,
  type MenuProps,
  MenuSection,
  type MenuSectionProps,
  MenuSeparator,
  MenuTrigger,
  Popover,
  PopoverDialog,
  type PopoverProps,
  SubmenuTrigger,
} from './components/menu.tsx';
export { Pager, type PagerProps, type PagerTexts } from './components/pager.tsx';
export { Select, type SelectOption, type SelectProps } from './components/select.tsx';
export {
  Avatar,
  type AvatarProps,
  navChevron,
  navItem,
  navItemLabel,
  navList,
  navNested,
  SkipLink,
} from './components/shell.tsx';
export { ProgressBar, type ProgressBarProps, Spinner, type SpinnerProps } from './components/spinner.tsx';
export { EmptyState, type EmptyStateProps, ErrorState, type ErrorStateProps, LoadingState } from './components/states.tsx';
export { DataTable, type DataColumn, type DataTableProps, type DataTableTexts, type RowAction } from './components/table.tsx';
export { Tab, TabList, TabPanel, Tabs } from './components/tabs.tsx';
export {
  NumberField,
  type NumberFieldProps,
  SearchField,
  type SearchFieldProps,
  TextField,
  type TextFieldProps,
} from './components/text-fields.tsx';
export { ToastRegion, type ToastRegionProps } from './components/toast.tsx';
export {
  createToastQueue,
  defaultToastTimeout,
  showToast,
  type ToastContent,
  type ToastKind,
  toastPoliteness,
  toasts,
} from './components/toast-queue.ts';
export { Tooltip, type TooltipProps } from './components/tooltip.tsx';
