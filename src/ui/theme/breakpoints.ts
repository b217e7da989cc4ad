// Responsive breakpoints of the spec (section 9: sm 480, md 768, lg 992, xl 1200) and media-query
// helpers. Plain TypeScript, no CSS: usable from vanilla-extract files, machines' actors and tests.
// "up" is min-width; "down" stops just below the breakpoint so up(md) and down(md) never overlap.

export const breakpoints = { sm: 480, md: 768, lg: 992, xl: 1200 } as const;
export type Breakpoint = keyof typeof breakpoints;

/** Media query (without "@media") matching viewports at least as wide as the breakpoint. */
export function mediaUp(bp: Breakpoint): string {
  return `screen and (min-width: ${breakpoints[bp]}px)`;
}

/** Media query matching viewports narrower than the breakpoint. */
export function mediaDown(bp: Breakpoint): string {
  return `screen and (max-width: ${breakpoints[bp] - 0.02}px)`;
}

/** Media query matching viewports from one breakpoint up to (not including) the next one. */
export function mediaBetween(from: Breakpoint, to: Breakpoint): string {
  return `screen and (min-width: ${breakpoints[from]}px) and (max-width: ${breakpoints[to] - 0.02}px)`;
}

/** The largest breakpoint a viewport width reaches, or 'xs' below sm. */
export function breakpointOf(width: number): Breakpoint | 'xs' {
  if (width >= breakpoints.xl) return 'xl';
  if (width >= breakpoints.lg) return 'lg';
  if (width >= breakpoints.md) return 'md';
  if (width >= breakpoints.sm) return 'sm';
  return 'xs';
}
