// Inline SVG icon. Rules: decorative by default (aria-hidden, not focusable); pass `label` only when
// the icon stands alone and carries meaning, then it is announced as an image with that name.
import { directionalIcons, type IconName, iconPaths } from './icon-paths.ts';
import * as styles from './icon.css.ts';

export type IconProps = { name: IconName; label?: string; size?: number; className?: string };

export function Icon({ name, label, size = 18, className }: IconProps) {
  const classes = [styles.icon, directionalIcons.has(name) ? styles.mirrored : '', className ?? ''].filter(Boolean).join(' ');
  const paths = iconPaths[name].map((d) => <path key={d} d={d} />);
  if (label) {
    return (
      <svg viewBox="0 0 24 24" width={size} height={size} focusable="false" className={classes} role="img" aria-label={label}>
        {paths}
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} focusable="false" className={classes} aria-hidden="true">
      {paths}
    </svg>
  );
}
