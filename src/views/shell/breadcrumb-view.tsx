// Breadcrumb of the application layout: the menu trail of the current page (or the route's own, for
// a page outside the main menu). Render-only; an entry above the page that has an address links to it.
import { Link } from 'wouter';
import type { MenuEntry } from '../../app/menu.ts';
import type { Translate } from '../../app/shell-view.ts';

export function BreadcrumbView({ t, trail }: { t: Translate; trail: readonly MenuEntry[] }) {
  return (
    <nav className="breadcrumb" aria-label={t('shell.breadcrumb')}>
      <ol>
        <li>
          <Link href="/">{t('menu.home')}</Link>
        </li>
        {trail
          .filter((entry) => entry.path !== '/')
          .map((entry, index, list) => (
            <li key={entry.id}>
              {index === list.length - 1 ? (
                <span aria-current="page">{t(entry.label)}</span>
              ) : entry.path ? (
                <Link href={entry.path}>{t(entry.label)}</Link>
              ) : (
                <span>{t(entry.label)}</span>
              )}
            </li>
          ))}
      </ol>
    </nav>
  );
}
