// Small inline icons of the shell (menu, toolbar, user menu) until the design system's icon set is
// adopted. Rules: decorative only (aria-hidden), the accessible name always comes from text; SVG
// markup, no inline styles (the CSP allows style-src 'self' only).
import type { IconName } from '../../app/menu.ts';

type ShellIcon = IconName | 'lock' | 'gear' | 'user' | 'login' | 'menu' | 'close' | 'chevron' | 'search';

const paths: Record<ShellIcon, string> = {
  home: 'M3 11 12 3l9 8v10h-6v-6H9v6H3z',
  dashboard: 'M3 3h8v10H3zm10 0h8v6h-8zM3 15h8v6H3zm10-4h8v10h-8z',
  building: 'M4 21V3h10v6h6v12zm3-14h2v2H7zm4 0h2v2h-2zm-4 4h2v2H7zm4 0h2v2h-2z',
  settings:
    'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm9 5v-2l-2.5-.6-.7-1.7 1.3-2.2-1.4-1.4-2.2 1.3-1.7-.7L13 3h-2l-.6 2.5-1.7.7-2.2-1.3-1.4 1.4 1.3 2.2-.7 1.7L3 11v2l2.5.6.7 1.7-1.3 2.2 1.4 1.4 2.2-1.3 1.7.7L11 21h2l.6-2.5 1.7-.7 2.2 1.3 1.4-1.4-1.3-2.2.7-1.7z',
  gear: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm9 5v-2l-2.5-.6-.7-1.7 1.3-2.2-1.4-1.4-2.2 1.3-1.7-.7L13 3h-2l-.6 2.5-1.7.7-2.2-1.3-1.4 1.4 1.3 2.2-.7 1.7L3 11v2l2.5.6.7 1.7-1.3 2.2 1.4 1.4 2.2-1.3 1.7.7L11 21h2l.6-2.5 1.7-.7 2.2 1.3 1.4-1.4-1.3-2.2.7-1.7z',
  users: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 10c0-4 3-6 7-6s7 2 7 6zm15-10a3 3 0 1 0 0-6M18 15c2 .5 4 2 4 6h-4',
  user: 'M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm-9 10c0-5 4-8 9-8s9 3 9 8z',
  key: 'M14 10a5 5 0 1 0-4 4.9V17h2v2h2v2h4v-4l-4-4zM9 7a2 2 0 1 1 0 4 2 2 0 0 1 0-4z',
  globe: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2c2 2 3 5 3 8s-1 6-3 8c-2-2-3-5-3-8s1-6 3-8zM3 12h18',
  file: 'M6 2h8l5 5v15H6zm8 0v5h5',
  'file-text': 'M6 2h8l5 5v15H6zm8 0v5h5M9 12h7M9 16h7',
  'id-card': 'M2 5h20v14H2zm4 4a2 2 0 1 0 4 0 2 2 0 0 0-4 0zm-1 7c0-2 2-3 3-3s3 1 3 3zm9-6h5m-5 4h5',
  server: 'M3 3h18v7H3zm0 11h18v7H3zM7 6h.01M7 17h.01',
  box: 'M3 7l9-4 9 4v10l-9 4-9-4zm0 0 9 4 9-4M12 11v10',
  coins: 'M9 8a6 3 0 1 0 12 0A6 3 0 0 0 9 8zm0 0v8c0 1.7 2.7 3 6 3s6-1.3 6-3V8M3 12a6 3 0 0 0 6 3',
  book: 'M4 4h7a3 3 0 0 1 3 3v14a3 3 0 0 0-3-3H4zm16 0h-3a3 3 0 0 0-3 3',
  wallet: 'M3 6h16v14H3zm0 0 13-3v3m-1 8h.01',
  receipt: 'M5 2h14v20l-3-2-2 2-2-2-2 2-2-2-3 2zM8 7h8M8 11h8M8 15h5',
  ticket: 'M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4zm10 0v10',
  circle: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z',
  lock: 'M6 10h12v11H6zm3 0V7a3 3 0 0 1 6 0v3',
  login: 'M10 17l5-5-5-5M15 12H3m11-9h6v18h-6',
  menu: 'M3 6h18M3 12h18M3 18h18',
  close: 'M5 5l14 14M19 5 5 19',
  chevron: 'M9 6l6 6-6 6',
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm5 12 5 5',
};

export function Icon({ name }: { name: ShellIcon }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={paths[name]} />
    </svg>
  );
}
