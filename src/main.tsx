// Entry point: builds the system (machines with their real effects), starts it, connects the
// browser effects, and renders. Rules: no logic here beyond wiring; React only renders.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import './app/app.css';
import { connectEffects } from './app/effects.ts';
import { HomePage } from './app/home-page.tsx';
import { createAuthLogic, createUserManager } from './app/system.ts';

const auth = createActor(createAuthLogic(createUserManager(window.location.origin, window.localStorage)), {
  input: { location: window.location.href, culture: navigator.language || 'en' },
});
connectEffects(auth);
auth.start();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <HomePage auth={auth} />
    </StrictMode>,
  );
}
