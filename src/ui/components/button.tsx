// Buttons and links on react-aria (press, keyboard, focus-visible handled there). Rules: texts come
// in as children or props; an icon-only button must be given an aria-label (enforced by the type);
// navigation uses Link (an <a>), actions use Button (a <button>).
// - isPending: react-aria announces the start and end of pending through its live region as an
//   element with role="img" labelled by the button's id, kept there for 7 s. A button that leaves the
//   page in that time (a form that closes, a Download link dismissed) would leave an unnamed image
//   behind (axe: role-img-alt); so a button that was ever pending removes its announcements when it
//   unmounts (and again shortly after: the announcement of the end is written on a timer).
import { type ReactNode, useEffect, useId, useRef } from 'react';
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

/** Removes react-aria's live announcements that are labelled by the element with this id. */
function dropAnnouncementsOf(id: string): void {
  for (const node of document.querySelectorAll('[role="log"] > [role="img"][aria-labelledby]')) {
    if ((node.getAttribute('aria-labelledby') ?? '').split(/\s+/).includes(id)) node.remove();
  }
}

export function Button({ variant = 'primary', size = 'md', className, children, icon, id, ...rest }: ButtonProps) {
  const classes = [styles.button({ variant, size }), className ?? ''].filter(Boolean).join(' ');
  const ownId = useId();
  const buttonId = id ?? ownId;
  const wasPending = useRef(false);
  useEffect(() => {
    if (rest.isPending) wasPending.current = true;
  }, [rest.isPending]);
  useEffect(
    () => () => {
      if (!wasPending.current) return;
      dropAnnouncementsOf(buttonId);
      // react-aria writes the "pending ended" announcement a moment after the button goes (its live
      // region inserts on a timer): look again once that has happened.
      for (const delay of [150, 600]) window.setTimeout(() => dropAnnouncementsOf(buttonId), delay);
    },
    [buttonId],
  );
  return (
    <AriaButton {...rest} id={buttonId} className={classes}>
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
