// The React half of the start-up: React, react-dom and the shell's components, loaded by main.tsx
// as their own chunk, so a visitor whom the SPA sends straight to the identity server's login page
// never downloads them (issue 18: the sign-in redirect's first-paint JavaScript). Every page that
// paints loads this chunk at once (in parallel with its texts), so nothing waits behind it.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { SystemContext } from './system-context.ts';
import type { ShellSystem } from './system.ts';

export function renderApp(root: HTMLElement, system: ShellSystem): void {
  createRoot(root).render(
    <StrictMode>
      <SystemContext value={system}>
        <App />
      </SystemContext>
    </StrictMode>,
  );
}
