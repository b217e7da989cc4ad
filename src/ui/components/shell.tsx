// Shell pieces the layout composes: skip link, avatar, and side-navigation classes. Rules: the
// avatar is decorative unless given a label (the user name is shown beside it); texts are props.
import { initials } from '../initials.ts';
import * as styles from './shell.css.ts';

export { navChevron, navItem, navItemLabel, navList, navNested } from './shell.css.ts';

/** First link of the page: jumps over the navigation to the main content (target needs tabIndex -1). */
export function SkipLink({ href = '#main-content', children }: { href?: string; children: string }) {
  return (
    <a href={href} className={styles.skipLink}>
      {children}
    </a>
  );
}

// The initials are drawn as generated content, not text: inside a named button (the user menu
// trigger) text would become "visible text missing from the name" (axe label-content-name-mismatch).
export type AvatarProps = { name: string; imageUrl?: string; size?: number; label?: string };

export function Avatar({ name, imageUrl, size = 32, label }: AvatarProps) {
  const a11y = label ? { role: 'img' as const, 'aria-label': label } : { 'aria-hidden': true as const };
  return (
    <span
      className={styles.avatar}
      data-initials={imageUrl ? undefined : initials(name)}
      style={{ inlineSize: size, blockSize: size, fontSize: size * 0.4 }}
      {...a11y}
    >
      {imageUrl ? <img src={imageUrl} alt="" className={styles.avatarImage} /> : null}
    </span>
  );
}
