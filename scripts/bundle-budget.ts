// The JavaScript budget of the build (issue 18), checked on the bundle Vite writes, so `vite build`
// (and with it `npm test`) fails when a screen grows past it. Rules:
// - Sizes are brotli (quality 11, as the build's .br siblings that the server sends), KB = 1,000 bytes.
// - A first screen's first-paint JavaScript is the entry chunk with its static imports, plus each
//   module the screen loads before it paints (its route chunk, the screen providers loaded beside
//   every screen, the OIDC client before the sign-in redirect) with their static imports, each chunk
//   counted once. What a screen loads lazily after its first paint (charts) is not counted.
// - A module the config names is found by its chunk's facade, or else in the chunk that holds it (a
//   manual chunk group of vite.config.ts, such as React's half of the start-up, has no facade).
// - Every lazily loaded chunk (a route, a nested page, a dialog: the bundle's dynamic entries) stays
//   within the per-chunk limit; shared chunks are paid for inside the first-screen figures.
// - A figure above its target is allowed only where the config names it with a ceiling and the
//   reason: the ceiling is today's figure, so it can only come down.
import path from 'node:path';
import zlib from 'node:zlib';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

export interface FirstScreen {
  name: string;
  /** Modules (from the repository root) loaded before the first paint, besides the entry. */
  loads: string[];
  /** A ceiling above the target, with its reason, until the screen meets the target. */
  exceeds?: { ceilingKb: number; reason: string };
}

export interface ChunkException {
  /** The chunk's facade module (from the repository root). */
  module: string;
  ceilingKb: number;
  reason: string;
}

export interface BundleBudget {
  firstPaintKb: number;
  firstScreens: FirstScreen[];
  lazyChunkKb: number;
  lazyChunkExceptions: ChunkException[];
}

export interface BudgetLine {
  what: string;
  kb: number;
  limitKb: number;
  note: string;
}

const brotliSize = (code: string) => zlib.brotliCompressSync(code, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength;

const kb = (bytes: number) => Math.round(bytes / 10) / 100;

/** Measures the bundle against the budget: one line per first screen and per lazily loaded chunk. */
export function measureBudget(bundle: OutputBundle, budget: BundleBudget, root: string): BudgetLine[] {
  const chunks = (Object.values(bundle) as Array<OutputBundle[string]>).filter((output): output is OutputChunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const relative = (id: string | null) => (id ? path.relative(root, id).split(path.sep).join('/') : '');
  const byFacade = new Map(chunks.filter((chunk) => chunk.facadeModuleId).map((chunk) => [relative(chunk.facadeModuleId), chunk]));
  // A module of a manual chunk group (vite.config.ts codeSplitting) is found in the chunk holding it.
  const chunkOf = (module: string) =>
    byFacade.get(module) ?? chunks.find((chunk) => (chunk.moduleIds ?? []).some((id) => relative(id) === module));
  const sizes = new Map<string, number>();
  const sizeOf = (chunk: OutputChunk) => {
    let size = sizes.get(chunk.fileName);
    if (size === undefined) {
      size = brotliSize(chunk.code);
      sizes.set(chunk.fileName, size);
    }
    return size;
  };
  const closure = (chunk: OutputChunk, into: Set<OutputChunk>) => {
    if (into.has(chunk)) return;
    into.add(chunk);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) closure(imported, into);
    }
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('bundle budget: the build has no entry chunk');
  const lines: BudgetLine[] = [];
  for (const screen of budget.firstScreens) {
    const loaded = new Set<OutputChunk>();
    closure(entry, loaded);
    for (const module of screen.loads) {
      const chunk = chunkOf(module);
      if (!chunk) throw new Error(`bundle budget: no chunk is built for ${module} (first screen '${screen.name}')`);
      closure(chunk, loaded);
    }
    const total = [...loaded].reduce((sum, chunk) => sum + sizeOf(chunk), 0);
    lines.push({
      what: `first paint of ${screen.name} (${loaded.size} chunks)`,
      kb: kb(total),
      limitKb: screen.exceeds?.ceilingKb ?? budget.firstPaintKb,
      note: screen.exceeds ? `target ${budget.firstPaintKb} KB not met: ${screen.exceeds.reason}` : '',
    });
  }
  const exceptions = new Map(budget.lazyChunkExceptions.map((exception) => [exception.module, exception]));
  for (const chunk of chunks.filter((c) => c.isDynamicEntry)) {
    const module = relative(chunk.facadeModuleId);
    const exception = exceptions.get(module);
    lines.push({
      what: `lazy chunk ${module || chunk.fileName}`,
      kb: kb(sizeOf(chunk)),
      limitKb: exception?.ceilingKb ?? budget.lazyChunkKb,
      note: exception ? `excepted: ${exception.reason}` : '',
    });
  }
  for (const module of exceptions.keys())
    if (!byFacade.has(module)) throw new Error(`bundle budget: the exception for ${module} names no chunk of the build`);
  return lines;
}

/** Fails the build when a line is over its limit; prints the first screens and the exceptions. */
export function bundleBudget(budget: BundleBudget): Plugin {
  let root = process.cwd();
  return {
    name: 'bundle-budget',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const lines = measureBudget(bundle, budget, root);
      const over = lines.filter((line) => line.kb > line.limitKb);
      const shown = lines.filter((line) => line.what.startsWith('first paint') || line.note || line.kb > line.limitKb);
      for (const line of shown)
        this.info(
          `${line.kb > line.limitKb ? 'OVER' : 'ok  '} ${line.kb.toFixed(2)} KB of ${line.limitKb} KB  ${line.what}${line.note ? `  (${line.note})` : ''}`,
        );
      if (over.length)
        this.error(
          `JavaScript budget exceeded (brotli, KB = 1,000 bytes; vite.config.ts):\n${over
            .map((line) => `  ${line.what}: ${line.kb.toFixed(2)} KB > ${line.limitKb} KB`)
            .join('\n')}`,
        );
    },
  };
}
