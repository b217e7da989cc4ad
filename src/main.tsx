// Entry point: builds the system (machines with their real effects), connects the browser effects,
// starts the actors and renders. Rules: no logic here beyond wiring; React only renders.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/app.css';
import { App } from './app/app.tsx';
import { connectShellEffects, reloadOnStaleBuild } from './app/effects.ts';
import { inspectActor } from './app/inspection.ts';
import { SystemContext } from './app/system-context.ts';
import { createShellSystem } from './app/system.ts';
// The theme file, not the src/ui barrel: the barrel would pull all of react-aria into the first
// paint's chunk (quality bar: ≤ 150 KB gzipped); only the class names are needed here.
import { themeClass } from './ui/theme/theme.css.ts';

const system = createShellSystem(window);
// Effects first, so the first emitted events (theme.apply, layout.apply) find their listeners.
connectShellEffects(system, window, themeClass);
reloadOnStaleBuild(window);
for (const actor of [
  system.pageLoader,
  system.settingsFlyout,
  system.userFlyout,
  system.theme,
  system.containerWidth,
  system.menuLayout,
  system.cookieConsent,
  system.internetStatus,
  system.menuFilter,
  system.mobileNav,
  system.language,
  system.menuGroups,
  system.navigationHistory,
  system.confirmAction,
  system.auth,
]) {
  // Development (or ?inspect=1): every machine's events are recorded (docs/inspection.md).
  inspectActor(actor);
  actor.start();
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <SystemContext value={system}>
        <App />
      </SystemContext>
    </StrictMode>,
  );
}
