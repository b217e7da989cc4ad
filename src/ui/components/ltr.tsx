// One helper for data that is always written left to right (URLs, JSON, ids, IP addresses, user
// agents, e-mail addresses, code): inside an Arabic page the bidirectional algorithm would otherwise
// move a URL's leading slash to its end and reverse a JSON's brackets. `LtrText` isolates a run
// inline (<bdi dir="ltr">), `LtrBlock` a preformatted block (JSON, stack traces).
import type { ReactNode } from 'react';
import * as styles from './ltr.css.ts';

export function LtrText({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={[styles.ltrText, className].filter(Boolean).join(' ')}>
      {children}
    </bdi>
  );
}

export function LtrBlock({ children }: { children: ReactNode }) {
  return (
    <pre dir="ltr" className={styles.ltrBlock}>
      {children}
    </pre>
  );
}
