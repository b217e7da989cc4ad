// Badge, EmptyValue, Card and Breadcrumbs. Rules: a badge's meaning is in its text (colour only reinforces it);
// a card with a title is a labelled region; breadcrumbs are a named nav whose last item is the
// current page (aria-current), rendered by react-aria.
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Breadcrumb, Breadcrumbs as AriaBreadcrumbs, Link as AriaLink } from 'react-aria-components';
import type { BadgeVariant } from '../status.ts';
import { link } from './button.css.ts';
import * as styles from './content.css.ts';
import { Icon } from './icon.tsx';

export function Badge({ variant = 'light', children }: { variant?: BadgeVariant; children: ReactNode }) {
  return <span className={`${styles.badge} ${styles.badgeVariant[variant]}`}>{children}</span>;
}

/** A field without a value: an em dash to the eye, `label` (the caller's "Not set") to screen readers. */
export function EmptyValue({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{label}</span>
    </>
  );
}

export type CardProps = {
  title?: ReactNode;
  /** Heading level of the title, so the page outline stays correct. */
  headingLevel?: 2 | 3 | 4;
  actions?: ReactNode;
  children: ReactNode;
  /** No body padding (a table fills the card). */
  flush?: boolean;
  className?: string;
};

export function Card({ title, headingLevel = 2, actions, children, flush, className }: CardProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={[styles.card, className ?? ''].join(' ')} aria-labelledby={title ? headingId : undefined}>
      {(title || actions) && (
        <div className={styles.cardHeader}>
          {title && (
            <Heading id={headingId} className={styles.cardTitle}>
              {title}
            </Heading>
          )}
          {actions && <div className={styles.cardActions}>{actions}</div>}
        </div>
      )}
      <div className={flush ? styles.cardBodyFlush : styles.cardBody}>{children}</div>
    </section>
  );
}

export type BreadcrumbItem = { id: string; label: string; href?: string };

export function Breadcrumbs({ items, 'aria-label': label }: { items: readonly BreadcrumbItem[]; 'aria-label': string }) {
  return (
    <nav aria-label={label}>
      <AriaBreadcrumbs items={items} className={styles.breadcrumbs}>
        {(item) => (
          <Breadcrumb id={item.id} className={styles.breadcrumb}>
            {({ isCurrent }) => (
              <>
                {isCurrent || !item.href ? (
                  <AriaLink className={isCurrent ? styles.breadcrumbCurrent : undefined}>{item.label}</AriaLink>
                ) : (
                  <AriaLink href={item.href} className={link}>
                    {item.label}
                  </AriaLink>
                )}
                {!isCurrent && (
                  <span className={styles.breadcrumbSeparator}>
                    <Icon name="chevron-right" size={14} />
                  </span>
                )}
              </>
            )}
          </Breadcrumb>
        )}
      </AriaBreadcrumbs>
    </nav>
  );
}
