// React.lazy over a lazily loaded piece (a screen, a dialog, a screen's later part), rendered inside
// ScreenProviders (react-aria's locale, screen-providers.tsx); both chunks load at the same time, so
// there is no waterfall, and react-aria stays out of every first paint that does not show it.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: any props, as React.lazy itself
export function withScreenProviders<P extends Record<string, any>>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    const [{ default: Screen }, { ScreenProviders }] = await Promise.all([load(), import('./screen-providers.tsx')]);
    return {
      default: (props: P) => (
        <ScreenProviders>
          <Screen {...props} />
        </ScreenProviders>
      ),
    };
  });
}
