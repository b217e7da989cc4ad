// Entry point: builds the system (machines with their real effects), connects the browser effects,
// starts the actors and renders. Rules: no logic here beyond wiring; React only renders.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/app.css';
import { App } from './app/app.tsx';
import { connectShellEffects } from './app/effects.ts';
import { SystemContext } from './app/system-context.ts';
import { createShellSystem } from './app/system.ts';

const system = createShellSystem(window);
// Effects first, so the first emitted events (theme.apply) find their listeners.
connectShellEffects(system, window);
system.theme.start();
system.shell.start();
system.auth.start();

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
