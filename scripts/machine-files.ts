// Where the machines are: every machines/**/*.machine.ts, in a stable (sorted) order, and a test for
// "this export is an XState machine". Shared by the docs generator and the inspection replay, so a
// new machine is documented and replayable without being registered anywhere.
import fs from 'node:fs';
import path from 'node:path';

export const repositoryRoot = path.resolve(import.meta.dirname, '..');

export function machineFiles(dir = path.join(repositoryRoot, 'machines')): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return machineFiles(full);
      return entry.name.endsWith('.machine.ts') ? [full] : [];
    });
}

export { isMachine } from '../machines/inspection/machine-registry.ts';
