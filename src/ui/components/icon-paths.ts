// The icon set: 24x24 stroke outlines drawn for this product (simple geometry, no third-party set).
// Rules: one entry per name, stroke only (colour follows currentColor), mirrored in RTL when the
// icon points in a reading direction (see `directionalIcons`).

export const iconPaths = {
  home: ['M3 11 12 3l9 8', 'M5 10v10h5v-6h4v6h5V10'],
  dashboard: ['M3 3h8v10H3z', 'M13 3h8v6h-8z', 'M13 11h8v10h-8z', 'M3 15h8v6H3z'],
  users: [
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
    'M1 21v-1a6 6 0 0 1 6-6h4a6 6 0 0 1 6 6v1',
    'M16 3.5a4 4 0 0 1 0 7',
    'M19 14a6 6 0 0 1 4 6v1',
  ],
  settings: ['M4 6h10', 'M18 6h2', 'M16 4v4', 'M4 12h4', 'M12 12h8', 'M10 10v4', 'M4 18h12', 'M20 18h0', 'M18 16v4'],
  'file-text': ['M6 2h8l6 6v14H6z', 'M14 2v6h6', 'M9 13h8', 'M9 17h8', 'M9 9h2'],
  lock: ['M5 11h14v10H5z', 'M8 11V7a4 4 0 0 1 8 0v4'],
  logout: ['M10 4H5v16h5', 'M15 8l4 4-4 4', 'M19 12H9'],
  menu: ['M3 6h18', 'M3 12h18', 'M3 18h18'],
  gear: [
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
    'M12 2v3',
    'M12 19v3',
    'M2 12h3',
    'M19 12h3',
    'M4.9 4.9l2.1 2.1',
    'M17 17l2.1 2.1',
    'M4.9 19.1 7 17',
    'M17 7l2.1-2.1',
  ],
  user: ['M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10z', 'M3 22v-1a7 7 0 0 1 7-7h4a7 7 0 0 1 7 7v1'],
  search: ['M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14z', 'M21 21l-5-5'],
  x: ['M6 6l12 12', 'M18 6 6 18'],
  'chevron-left': ['M15 5l-7 7 7 7'],
  'chevron-right': ['M9 5l7 7-7 7'],
  'chevron-up': ['M5 15l7-7 7 7'],
  'chevron-down': ['M5 9l7 7 7-7'],
  eye: ['M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z', 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z'],
  history: ['M3 12a9 9 0 1 0 3-6.7', 'M3 3v5h5', 'M12 7v5l3 3'],
  globe: ['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M2 12h20', 'M12 2c3 3 4 6.5 4 10s-1 7-4 10c-3-3-4-6.5-4-10s1-7 4-10z'],
  sun: [
    'M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
    'M12 2v2',
    'M12 20v2',
    'M2 12h2',
    'M20 12h2',
    'M4.9 4.9l1.4 1.4',
    'M17.7 17.7l1.4 1.4',
    'M4.9 19.1l1.4-1.4',
    'M17.7 6.3l1.4-1.4',
  ],
  moon: ['M21 13A9 9 0 1 1 11 3a7 7 0 0 0 10 10z'],
  monitor: ['M2 4h20v13H2z', 'M8 21h8', 'M12 17v4'],
  'wifi-off': [
    'M2 2l20 20',
    'M5 12.5a10 10 0 0 1 5-2.7',
    'M14.5 10a10 10 0 0 1 4.5 2.5',
    'M8.5 16a5 5 0 0 1 7 0',
    'M1.5 8.5A15 15 0 0 1 6 6',
    'M11 5a15 15 0 0 1 11.5 3.5',
    'M12 20h0',
  ],
  'more-vertical': ['M12 5h0', 'M12 12h0', 'M12 19h0'],
  check: ['M4 12l5 5L20 6'],
  minus: ['M5 12h14'],
  'alert-triangle': ['M12 3 2 21h20z', 'M12 10v5', 'M12 18h0'],
  'alert-circle': ['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M12 7v6', 'M12 16.5h0'],
  info: ['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M12 11v6', 'M12 7.5h0'],
  'check-circle': ['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M7.5 12l3 3 6-6'],
  inbox: ['M3 13l3-9h12l3 9', 'M3 13v7h18v-7h-6l-1 3h-4l-1-3z'],
  'arrow-up': ['M12 20V4', 'M5 11l7-7 7 7'],
  'arrow-down': ['M12 4v16', 'M5 13l7 7 7-7'],
  'arrows-up-down': ['M8 20V5', 'M4 9l4-4 4 4', 'M16 4v15', 'M12 15l4 4 4-4'],
  'log-in': ['M14 4h5v16h-5', 'M9 8l4 4-4 4', 'M13 12H3'],
} as const;

export type IconName = keyof typeof iconPaths;

/** Icons that point along the reading direction and so mirror under dir="rtl". */
export const directionalIcons: ReadonlySet<IconName> = new Set<IconName>(['chevron-left', 'chevron-right', 'logout', 'log-in']);
