// The main menu tree with its Filter Menu box (spec 2.3). Render-only: the entries, the filter text
// and which groups are open come in as props; typing, clearing and toggling go out as callbacks.
// Groups are disclosure buttons (aria-expanded), leaves are links (aria-current on the active one).
// The top-menu bar stays one row: the entries that do not fit its width go under a last 'More'
// group (measured on a hidden copy of the bar whenever its width or the entries change).
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { MenuEntry } from '../../app/menu.ts';
import type { Translate } from '../../app/shell-view.ts';
import { Icon } from './icon-view.tsx';
import { entriesThatFit } from './menu-overflow.ts';
import * as styles from './side-menu.css.ts';

export interface SideMenuProps {
  t: Translate;
  entries: readonly MenuEntry[];
  expanded: ReadonlySet<string>;
  activePath: string;
  filter: string;
  onFilter(text: string): void;
  onClear(): void;
  onToggle(id: string): void;
  /** Top-menu layout: a horizontal bar whose groups open on hover/focus, no filter box. */
  horizontal?: boolean;
}

const moreId = 'menu.more';

/**
 * The number of top-level entries the horizontal bar shows; the rest go under 'More'. `labels`: the
 * bar's entries as shown (measured again when they change); empty for the side menu (nothing to do).
 */
function useFittingCount(nav: RefObject<HTMLElement | null>, measure: RefObject<HTMLUListElement | null>, labels: string) {
  const [count, setCount] = useState(Number.POSITIVE_INFINITY);
  useLayoutEffect(() => {
    const bar = nav.current;
    const copy = measure.current;
    if (labels === '' || !bar || !copy) return;
    const update = () => {
      const items = [...copy.children] as HTMLElement[];
      const widths = items.map((item) => item.getBoundingClientRect().width);
      const moreWidth = widths.pop() ?? 0;
      const gap = Number.parseFloat(getComputedStyle(copy).columnGap) || 0;
      setCount(entriesThatFit(widths, moreWidth, bar.clientWidth, gap));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(bar);
    return () => observer.disconnect();
  }, [nav, measure, labels]);
  return count;
}

export function SideMenuView(props: SideMenuProps) {
  const { t, entries, filter } = props;
  const nav = useRef<HTMLElement>(null);
  const measure = useRef<HTMLUListElement>(null);
  const fitting = useFittingCount(nav, measure, props.horizontal ? entries.map((entry) => t(entry.label)).join('\n') : '');
  const shown =
    props.horizontal && fitting < entries.length
      ? [...entries.slice(0, fitting), { id: moreId, label: 'shell.moreMenu' as const, order: 0, children: entries.slice(fitting) }]
      : entries;
  return (
    <nav ref={nav} className={props.horizontal ? 'main-menu main-menu-top' : 'main-menu'} aria-label={t('menu.main')}>
      {props.horizontal && (
        <ul ref={measure} className={`menu-list ${styles.measure}`} aria-hidden="true" inert>
          {[...entries, { id: moreId, label: 'shell.moreMenu' as const, icon: undefined, children: [{}] }].map((entry) => (
            <li key={entry.id}>
              <span className="menu-link">
                {entry.icon && <Icon name={entry.icon} />}
                <span>{t(entry.label)}</span>
                {entry.children && entry.children.length > 0 && <Icon name="chevron" />}
              </span>
            </li>
          ))}
        </ul>
      )}
      {!props.horizontal && (
        <div className="menu-filter">
          <label htmlFor="menu-filter-input" className="visually-hidden">
            {t('shell.filterMenu')}
          </label>
          <Icon name="search" />
          <input
            id="menu-filter-input"
            type="search"
            placeholder={t('shell.filterMenu')}
            value={filter}
            autoComplete="off"
            onChange={(event) => props.onFilter(event.currentTarget.value)}
          />
          {filter && (
            <button type="button" className="icon-button" aria-label={t('shell.clearFilter')} onClick={props.onClear}>
              <Icon name="close" />
            </button>
          )}
        </div>
      )}
      {entries.length === 0 ? <p className="menu-empty">{t('shell.noMenuMatch')}</p> : <MenuList {...props} list={shown} depth={0} />}
    </nav>
  );
}

function MenuList(props: SideMenuProps & { list: readonly MenuEntry[]; depth: number }) {
  return (
    <ul className={`menu-list depth-${props.depth}`}>
      {props.list.map((entry) => (
        <MenuItem key={entry.id} {...props} entry={entry} />
      ))}
    </ul>
  );
}

function MenuItem(props: SideMenuProps & { entry: MenuEntry; depth: number }) {
  const { entry, t, activePath } = props;
  const label = t(entry.label);
  if (!entry.children || entry.children.length === 0) {
    const active = entry.path === activePath || (entry.path !== '/' && !!entry.path && activePath.startsWith(`${entry.path}/`));
    return (
      <li>
        <Link href={entry.path ?? '/'} className="menu-link" aria-current={active ? 'page' : undefined}>
          {entry.icon && <Icon name={entry.icon} />}
          <span>{label}</span>
        </Link>
      </li>
    );
  }
  const open = props.expanded.has(entry.id);
  const listId = `menu-group-${entry.id.replaceAll('.', '-')}`;
  return (
    <li className={entry.id === moreId ? `menu-group ${styles.more}` : 'menu-group'}>
      <button
        type="button"
        className="menu-link menu-toggle"
        aria-expanded={props.horizontal ? undefined : open}
        aria-controls={open || props.horizontal ? listId : undefined}
        onClick={() => props.onToggle(entry.id)}
      >
        {entry.icon && <Icon name={entry.icon} />}
        <span>{label}</span>
        <Icon name="chevron" />
      </button>
      {(open || props.horizontal) && (
        <div id={listId}>
          <MenuList {...props} list={entry.children} depth={props.depth + 1} />
        </div>
      )}
    </li>
  );
}
