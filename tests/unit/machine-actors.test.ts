// Every machine's effects are named actors (design.md "How data flows": "Effects enter as named
// actors (`setup({ actors: { loadPage: ... } })`) whose real implementations are supplied in one
// place (`src/app/system.ts`) with `.provide()`"). Checked for every machine of machines/, from what
// each one invokes:
// - every invoked actor is declared by name in the machine itself, so `.provide()` replaces it (an
//   actor the machine does not declare could only be provided by accident);
// - a promise effect left unprovided fails, naming the actor, rather than resolving with nothing (a
//   machine run without the app's effects stops at the first effect and says which one is missing);
// - the watchers (callback actors) do nothing until provided; a child machine is the machine itself.
// The machine suites replace every actor with fakes, so only this file runs the placeholders.
import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, fromCallback, fromPromise } from 'xstate';

interface StateNodeLike {
  invoke: Array<{ src: unknown }>;
  states: Record<string, StateNodeLike>;
}

const modules = import.meta.glob<Record<string, unknown>>('../../machines/**/*.machine.ts', { eager: true });
const machines = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => typeof value === 'object' && value !== null && 'root' in value && 'implementations' in value)
    .map(([name, machine]) => ({ name: `${file.replace('../../', '')} ${name}`, machine: machine as AnyStateMachine })),
);

function invokedActors(node: StateNodeLike, found = new Set<string>()): Set<string> {
  for (const { src } of node.invoke) if (typeof src === 'string') found.add(src);
  for (const child of Object.values(node.states)) invokedActors(child, found);
  return found;
}

// The kind of an actor logic, told by xstate's own code for it (both kinds have the same fields).
const kindOf = (logic: { transition?: unknown }) => String(logic.transition);
const promiseKind = kindOf(fromPromise(async () => undefined));
const callbackKind = kindOf(fromCallback(() => undefined));

describe('machine actors', () => {
  it('finds the machines of machines/', () => {
    expect(machines.length).toBeGreaterThanOrEqual(36);
  });

  for (const { name, machine } of machines) {
    it(`${name}: every invoked actor is declared by name; an unprovided effect fails naming it`, async () => {
      const declared = (machine.implementations.actors ?? {}) as Record<string, { config?: unknown; transition?: unknown }>;
      for (const src of invokedActors(machine.root as unknown as StateNodeLike)) {
        const logic = declared[src];
        expect(logic, `actor ${src} of ${name} is declared`).toBeDefined();
        if (!logic || 'root' in logic) continue;
        if (kindOf(logic) === callbackKind) {
          expect((logic.config as () => unknown)(), `watcher ${src} does nothing until provided`).toBeUndefined();
          continue;
        }
        expect(kindOf(logic) === promiseKind, `actor ${src} of ${name} is a promise, a callback or a machine`).toBe(true);
        const run = (logic.config as (options: object) => unknown)({ input: undefined, signal: new AbortController().signal });
        await expect(run, `placeholder ${src} of ${name}`).rejects.toThrow(new Error(`actor ${src} is not provided`));
      }
    });
  }
});
