// `npm run replay -- <recording.json>`: replays an inspection recording saved from the app
// (Ctrl+Alt+Shift+S in development, see docs/inspection.md) through the real machines, headless, and
// prints every step: time offset, event, state before → after. Exits 1 when a machine ends up in a
// state other than the recorded one ("diverged at step N"), when a recorded machine is unknown, or
// when the file is not a recording. Rules: the machines are found the way scripts/machine-docs.ts
// finds them (every export of machines/**/*.machine.ts that is a machine, by machine id), so a new
// machine is replayable without registering it anywhere.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMachine, machineFiles } from './machine-files.ts';
import type { AnyStateMachine } from 'xstate';
import { parseRecording } from '../machines/inspection/recording.ts';
import { formatReplay, replayRecording } from '../machines/inspection/replay.ts';

const root = path.resolve(import.meta.dirname, '..');

/** Every machine exported by machines/**\/*.machine.ts, by machine id. */
export async function discoverMachines(dir = path.join(root, 'machines')): Promise<Map<string, AnyStateMachine>> {
  const machines = new Map<string, AnyStateMachine>();
  for (const file of machineFiles(dir)) {
    let module: Record<string, unknown>;
    try {
      module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    } catch (error) {
      // One broken machine file must not stop the replay of the others; a recording that needs it
      // is then reported as "not in the registry".
      console.warn(`${path.relative(root, file)} could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    for (const value of Object.values(module)) {
      if (!isMachine(value)) continue;
      const known = machines.get(value.id);
      if (known && known !== value) console.warn(`machine id "${value.id}" is exported twice; ${path.relative(root, file)} is ignored`);
      else machines.set(value.id, value);
    }
  }
  return machines;
}

async function main(args: string[]): Promise<number> {
  const file = args.find((arg) => !arg.startsWith('-'));
  if (!file) {
    console.error('usage: npm run replay -- <inspection-recording.json>');
    return 2;
  }
  let recording: ReturnType<typeof parseRecording>;
  try {
    recording = parseRecording(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const result = await replayRecording(recording, await discoverMachines());
  for (const line of formatReplay(recording, result)) console.log(line);
  return result.ok ? 0 : 1;
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
