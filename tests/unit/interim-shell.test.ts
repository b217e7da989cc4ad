// The interim shell machine: opened menu groups toggle, navigations are counted (the error page's
// "previous navigation" rule reads the count).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { interimShellMachine } from '../../src/app/interim-shell.machine.ts';

describe('interim shell machine', () => {
  it('opens and closes menu groups by id', () => {
    const actor = createActor(interimShellMachine).start();
    actor.send({ type: 'menu.toggle', id: 'administration' });
    actor.send({ type: 'menu.toggle', id: 'identity' });
    expect(actor.getSnapshot().context.expanded).toEqual(['administration', 'identity']);
    actor.send({ type: 'menu.toggle', id: 'administration' });
    expect(actor.getSnapshot().context.expanded).toEqual(['identity']);
  });

  it('counts navigations', () => {
    const actor = createActor(interimShellMachine).start();
    expect(actor.getSnapshot().context.navigations).toBe(0);
    actor.send({ type: 'navigation.changed', path: '/' });
    actor.send({ type: 'navigation.changed', path: '/dashboard' });
    expect(actor.getSnapshot().context.navigations).toBe(2);
  });
});
