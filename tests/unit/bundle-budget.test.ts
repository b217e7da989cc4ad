// The build's JavaScript budget (scripts/bundle-budget.ts) on a small bundle of known chunks: what a
// first screen counts (entry and loaded modules with their static imports, each chunk once, nothing
// dynamically imported), the per-chunk limit of lazily loaded chunks, and the named exceptions.
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { type BundleBudget, measureBudget } from '../../scripts/bundle-budget.ts';

const root = '/repo';
/** Incompressible code of about `bytes` brotli bytes. */
const code = (bytes: number) => `/*${randomBytes(bytes).toString('base64')}*/`;
const brotli = (text: string) => zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength;

function chunk(
  fileName: string,
  facade: string | null,
  options: { imports?: string[]; dynamicImports?: string[]; entry?: boolean; dynamic?: boolean; size: number; modules?: string[] },
) {
  return {
    moduleIds: (options.modules ?? []).map((module) => `${root}/${module}`),
    type: 'chunk' as const,
    fileName,
    code: code(options.size),
    imports: options.imports ?? [],
    dynamicImports: options.dynamicImports ?? [],
    facadeModuleId: facade ? `${root}/${facade}` : null,
    isEntry: options.entry === true,
    isDynamicEntry: options.dynamic === true,
  };
}

const chunks = [
  chunk('index.js', 'index.html', {
    entry: true,
    imports: ['react.js'],
    dynamicImports: ['home.js', 'users.js', 'charts.js'],
    size: 30_000,
  }),
  chunk('react.js', null, { size: 20_000, modules: ['src/render.tsx', 'node_modules/react/index.js'] }),
  chunk('ui.js', null, { imports: ['react.js'], size: 25_000 }),
  chunk('home.js', 'src/home.tsx', { dynamic: true, imports: ['react.js'], size: 2_000 }),
  chunk('users.js', 'src/users.tsx', { dynamic: true, imports: ['ui.js', 'react.js'], dynamicImports: ['charts.js'], size: 45_000 }),
  chunk('charts.js', 'src/charts.tsx', { dynamic: true, size: 60_000 }),
];
const bundle = Object.fromEntries(chunks.map((c) => [c.fileName, c])) as unknown as OutputBundle;
const size = (...files: string[]) =>
  Math.round(files.reduce((sum, f) => sum + brotli(chunks.find((c) => c.fileName === f)!.code), 0) / 10) / 100;

const budget = (over: Partial<BundleBudget> = {}): BundleBudget => ({
  firstPaintKb: 100,
  firstScreens: [
    { name: 'home', loads: ['src/home.tsx'] },
    { name: 'users', loads: ['src/users.tsx'] },
  ],
  lazyChunkKb: 40,
  lazyChunkExceptions: [],
  ...over,
});

describe('bundle budget', () => {
  it('counts the entry, the loaded modules and their static imports once each, and nothing imported dynamically', () => {
    const lines = measureBudget(bundle, budget(), root);
    const home = lines.find((l) => l.what.startsWith('first paint of home'))!;
    const users = lines.find((l) => l.what.startsWith('first paint of users'))!;
    expect(home.kb).toBe(size('index.js', 'react.js', 'home.js'));
    expect(home.what).toContain('3 chunks');
    // users.js dynamically imports the charts: not part of its first paint; react.js counted once.
    expect(users.kb).toBe(size('index.js', 'react.js', 'users.js', 'ui.js'));
    expect(users.kb).toBeGreaterThan(100);
    expect(users.limitKb).toBe(100);
  });

  it('holds every lazily loaded chunk to the per-chunk limit unless an exception names it', () => {
    const lines = measureBudget(bundle, budget(), root);
    const lazy = lines.filter((l) => l.what.startsWith('lazy chunk'));
    expect(lazy.map((l) => l.what).sort()).toEqual(['lazy chunk src/charts.tsx', 'lazy chunk src/home.tsx', 'lazy chunk src/users.tsx']);
    expect(lazy.filter((l) => l.kb > l.limitKb).map((l) => l.what)).toEqual(['lazy chunk src/users.tsx', 'lazy chunk src/charts.tsx']);
    const excepted = measureBudget(
      bundle,
      budget({ lazyChunkExceptions: [{ module: 'src/charts.tsx', ceilingKb: 70, reason: 'charts' }] }),
      root,
    );
    const charts = excepted.find((l) => l.what === 'lazy chunk src/charts.tsx')!;
    expect(charts.limitKb).toBe(70);
    expect(charts.note).toBe('excepted: charts');
  });

  it('applies a first screen ceiling only where the config names it, with its reason', () => {
    const lines = measureBudget(
      bundle,
      budget({ firstScreens: [{ name: 'users', loads: ['src/users.tsx'], exceeds: { ceilingKb: 130, reason: 'widgets' } }] }),
      root,
    );
    expect(lines[0]).toMatchObject({ limitKb: 130, note: 'target 100 KB not met: widgets' });
  });

  it('finds a module of a manual chunk group (no facade) in the chunk that holds it', () => {
    const lines = measureBudget(bundle, budget({ firstScreens: [{ name: 'shell', loads: ['src/render.tsx', 'src/users.tsx'] }] }), root);
    expect(lines[0]!.kb).toBe(size('index.js', 'react.js', 'users.js', 'ui.js'));
    expect(lines[0]!.what).toContain('4 chunks');
  });

  it('refuses a budget naming a module the build does not have', () => {
    expect(() => measureBudget(bundle, budget({ firstScreens: [{ name: 'gone', loads: ['src/gone.tsx'] }] }), root)).toThrow(
      /src\/gone\.tsx/,
    );
    expect(() =>
      measureBudget(bundle, budget({ lazyChunkExceptions: [{ module: 'src/old.tsx', ceilingKb: 50, reason: 'x' }] }), root),
    ).toThrow(/src\/old\.tsx/);
  });
});
