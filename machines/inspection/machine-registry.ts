// Which exports are XState machines, and the machines of a set of modules by machine id. Pure (no
// file system), so the replay runs the same in Node (scripts/replay-inspection.ts finds the modules
// on disk) and in the browser (the replay viewer's bundle, scripts/replay-bundle.ts, imports them).
import type { AnyStateMachine } from 'xstate';

export function isMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' &&
    value !== null &&
    'root' in value &&
    'implementations' in value &&
    typeof (value as { transition?: unknown }).transition === 'function'
  );
}

/** Every machine exported by `modules`, by machine id; a second machine with a known id is skipped and reported. */
export function machinesById(
  modules: ReadonlyArray<{ name: string; exports: Record<string, unknown> }>,
  warn: (message: string) => void = () => {},
): Map<string, AnyStateMachine> {
  const machines = new Map<string, AnyStateMachine>();
  for (const { name, exports } of modules)
    for (const value of Object.values(exports)) {
      if (!isMachine(value)) continue;
      const known = machines.get(value.id);
      if (known && known !== value) warn(`machine id "${value.id}" is exported twice; ${name} is ignored`);
      else machines.set(value.id, value);
    }
  return machines;
}
