// Buttons and links on react-aria (press, keyboard, focus-visible handled there). Rules: texts come
// in as children or props; an icon-only button must be given an aria-label (enforced by the type);
// navigation uses Link (an <a>), actions use Button (a <button>).
import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  type ButtonProps as AriaButtonProps,
  Link as AriaLink,
  type LinkProps as AriaLinkProps,
} from 'react-aria-components';
import * as styles from './button.css.ts';
import { Icon } from './icon.tsx';
import type { IconName } from './icon-paths.ts';
import { Spinner } from './spinner.tsx';

type Size = 'sm' | 'md';
type Base = Omit<AriaButtonProps, 'className' | 'children' | 'style'> & { size?: Size; className?: string };

export type ButtonProps = Base &
  (
    | { variant?: 'primary' | 'secondary' | 'danger' | 'ghost'; children: ReactNode; icon?: IconName }
    | { variant: 'icon'; 'aria-label': string; children: ReactNode; icon?: undefined }
  );

export function Button({ variant = 'primary', size = 'md', className, children, icon, ...rest }: ButtonProps) {
  const classes = [styles.button({ variant, size }), className ?? ''].filter(Boolean).join(' ');
  return (
    <AriaButton {...rest} className={classes}>
      {rest.isPending ? <Spinner size="sm" /> : icon ? <Icon name={icon} /> : null}
      {children}
    </AriaButton>
  );
}

export type IconButtonProps = Omit<AriaButtonProps, 'className' | 'children' | 'style'> & {
  icon: IconName;
  'aria-label': string;
  size?: Size;
  className?: string;
};

/** An icon-only button: the aria-label is its accessible name (and should also feed a Tooltip). */
export function IconButton({ icon, size = 'md', className, ...rest }: IconButtonProps) {
  return (
    <Button {...rest} variant="icon" size={size} className={className}>
      <Icon name={icon} />
    </Button>
  );
}

export type LinkProps = Omit<AriaLinkProps, 'className' | 'style'> & { className?: string; appearance?: 'link' | 'button' };

/**
 * A link. Client-side routing: wrap the app in react-aria's RouterProvider (re-exported from
 * src/ui) so href navigates without a reload.
 */
export function Link({ className, appearance = 'link', ...rest }: LinkProps) {
  const base = appearance === 'button' ? styles.button({ variant: 'secondary' }) : styles.link;
  return <AriaLink {...rest} className={[base, className ?? ''].filter(Boolean).join(' ')} />;
}
