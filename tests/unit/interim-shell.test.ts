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

describe('confirmation', () => {
  it('holds one question at a time and answers the asker', async () => {
    const { requestConfirmation } = await import('../../src/app/effects.ts');
    const actor = createActor(interimShellMachine).start();
    const first = requestConfirmation(actor, 'Delete the link to bob?');
    expect(actor.getSnapshot().context.confirm?.message).toBe('Delete the link to bob?');
    // A second question while one is open is answered no at once.
    await expect(requestConfirmation(actor, 'Another?')).resolves.toBe(false);
    actor.send({ type: 'confirm.answer', yes: true });
    await expect(first).resolves.toBe(true);
    expect(actor.getSnapshot().context.confirm).toBeNull();
    const second = requestConfirmation(actor, 'Delete the delegation of alice?');
    actor.send({ type: 'confirm.answer', yes: false });
    await expect(second).resolves.toBe(false);
  });
});
