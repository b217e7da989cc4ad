// The app side of inspection (src/app/inspection.ts): when it records, the save shortcut, the file
// name, and that it is inert where there is no page.
import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import {
  inspectActor,
  inspectFlagKey,
  inspectionEnabled,
  inspectOptions,
  isSaveShortcut,
  recordingFileName,
} from '../../src/app/inspection.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('inspection wiring', () => {
  it('records in development whatever the flags say', () => {
    expect(inspectionEnabled({ dev: true, search: '?inspect=0', storage: null })).toBe(true);
  });

  it('records in production only when enabled by ?inspect=1, remembered until ?inspect=0', () => {
    const storage = memoryStorage();
    expect(inspectionEnabled({ dev: false, search: '', storage })).toBe(false);
    expect(inspectionEnabled({ dev: false, search: '?tab=2&inspect=1', storage })).toBe(true);
    expect(storage.items.get(inspectFlagKey)).toBe('1');
    expect(inspectionEnabled({ dev: false, search: '', storage })).toBe(true);
    expect(inspectionEnabled({ dev: false, search: '?inspect=0', storage })).toBe(false);
    expect(inspectionEnabled({ dev: false, search: '', storage })).toBe(false);
  });

  it('falls back to the query flag when storage throws', () => {
    const storage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {},
    };
    expect(inspectionEnabled({ dev: false, search: '?inspect=1', storage })).toBe(true);
    expect(inspectionEnabled({ dev: false, search: '', storage })).toBe(false);
  });

  it('saves on Ctrl+Alt+Shift+S only', () => {
    const keys = { ctrlKey: true, altKey: true, shiftKey: true, metaKey: false, code: 'KeyS' };
    expect(isSaveShortcut(keys)).toBe(true);
    expect(isSaveShortcut({ ...keys, shiftKey: false })).toBe(false);
    expect(isSaveShortcut({ ...keys, metaKey: true })).toBe(false);
    expect(isSaveShortcut({ ...keys, code: 'KeyD' })).toBe(false);
  });

  it('names the file inspection-<timestamp>.json, valid on every file system', () => {
    expect(recordingFileName(new Date('2026-11-22T04:05:06.789Z'))).toBe('inspection-2026-11-22T04-05-06Z.json');
  });

  it('adds nothing to createActor options where there is no page, and inspects nothing', () => {
    expect(inspectOptions()).toEqual({});
    const actor = createActor(createMachine({ id: 'idle' }));
    inspectActor(actor);
    expect(actor.start().getSnapshot().status).toBe('active');
  });
});
