// What the identity server's pages prefetch for the SPA (issue 18): the chunks a signed-in screen
// needs beyond the entry (React's half of the start-up, the screen providers, the design system),
// written by the build as `sign-in-prefetch.json` beside index.html. Rules:
// - The login page is shown by the entry and oidc-client-ts alone (ADR 0024), so everything the
//   first screen after the sign-in paints with would load only after the submit. While the user
//   fills the form, the page prefetches these files (idle priority, into the HTTP cache; hashed
//   assets are immutable), and the callback page finds them there.
// - Only files the entry does not load itself (those are cached by the time the login page shows),
//   with the stylesheets they import; a module that no chunk holds is an error, so a rename is seen.
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

export const signInPrefetchFile = 'sign-in-prefetch.json';

/** The files (from the site's root, `/assets/…`) a signed-in first screen needs beyond the entry. */
export function prefetchFiles(bundle: OutputBundle, modules: readonly string[], root: string, base = '/'): string[] {
  const chunks = (Object.values(bundle) as Array<OutputBundle[string]>).filter((output): output is OutputChunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const relative = (id: string | null) => (id ? path.relative(root, id).split(path.sep).join('/') : '');
  const chunkOf = (module: string) =>
    chunks.find((chunk) => relative(chunk.facadeModuleId) === module) ??
    chunks.find((chunk) => (chunk.moduleIds ?? []).some((id) => relative(id) === module));
  const closure = (chunk: OutputChunk, into: Set<OutputChunk>) => {
    if (into.has(chunk)) return;
    into.add(chunk);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) closure(imported, into);
    }
  };
  const entry = new Set<OutputChunk>();
  for (const chunk of chunks.filter((c) => c.isEntry)) closure(chunk, entry);
  const wanted = new Set<OutputChunk>();
  for (const module of modules) {
    const chunk = chunkOf(module);
    if (!chunk) throw new Error(`sign-in prefetch: no chunk is built for ${module}`);
    closure(chunk, wanted);
  }
  const files: string[] = [];
  for (const chunk of wanted) {
    if (entry.has(chunk)) continue;
    files.push(`${base}${chunk.fileName}`);
    const css = (chunk as OutputChunk & { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss ?? new Set<string>();
    for (const file of css) files.push(`${base}${file}`);
  }
  return files;
}

/** Writes sign-in-prefetch.json: `{ "files": [...] }`, read by server/identity-server/login-page.ts. */
export function signInPrefetch(modules: readonly string[]): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'sign-in-prefetch',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const files = prefetchFiles(bundle, modules, root, base);
      this.emitFile({ type: 'asset', fileName: signInPrefetchFile, source: `${JSON.stringify({ files }, null, 2)}\n` });
    },
  };
}
