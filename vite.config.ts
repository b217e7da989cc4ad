import path from 'node:path';
import zlib from 'node:zlib';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { bundleBudget } from './scripts/bundle-budget.ts';
import { signInPrefetch } from './scripts/sign-in-prefetch.ts';
import { textsPlugin } from './scripts/texts-plugin.ts';

// The SPA is served by the Node server from dist/; in development Vite proxies the API and the
// identity server to it. No inline scripts are emitted, so the strict CSP holds. Every text asset gets
// .br (quality 11) and .gz (level 9) siblings at build time, which the server sends by negotiation.
/** The modules render.tsx imports statically, directly or not (filled when the module graph is built). */
const renderClosure = new Set<string>();
/** Libraries the shell takes a piece of and the screens much more: a group holds whole modules with
 * every export any chunk uses, so these stay in the bundler's shared chunks. */
const sharedWithScreens =
  /[\\/]node_modules[\\/](react-aria|react-aria-components|react-stately|@react-aria|@react-stately|@react-types|@internationalized)[\\/]/;

/** Collects the static closure of a module into `into` once every module is parsed (before chunking). */
function staticClosure(module: string, into: Set<string>): Plugin {
  return {
    name: 'static-closure',
    apply: 'build',
    buildEnd() {
      into.clear();
      const visit = (id: string) => {
        if (into.has(id)) return;
        into.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
      };
      visit(path.resolve(module));
    },
  };
}

export default defineConfig({
  plugins: [
    staticClosure('src/app/render.tsx', renderClosure),
    // English only in the bundle; the culture's texts come from the server (issue 19).
    textsPlugin(),
    react(),
    vanillaExtractPlugin(),
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      exclude: /\.map$/,
      logLevel: 'silent',
    }),
    // What the identity server's pages prefetch while the user signs in: React's half of the start-up,
    // the screen providers and the design system (issue 18; server/identity-server/login-page.ts).
    signInPrefetch(['src/app/render.tsx', 'src/app/screen-providers.tsx', 'src/ui/components/button.tsx']),
    // Issue 18's budget: 100 KB of JavaScript before a first screen paints, 40 KB per lazily loaded
    // chunk. A ceiling above a target is the figure of its day rounded up: it may only come down.
    // Each new route and menu entry lands in the entry or React's chunk, so the next screens must pay
    // for themselves. The entry holds the machines, xstate (about 10 KB), the formatter of simple
    // messages (format-text.ts; @formatjs/intl loads after the first paint), ofetch and English texts
    // only (issue 19); React's chunk (render.tsx: react-dom about 52 KB, the shell's components) loads
    // beside it on every page that paints, never before the sign-in redirect (ADR 0024). Home and the
    // dashboard paint without react-aria (their routes' `providers: 'own'`).
    bundleBudget({
      firstPaintKb: 100,
      firstScreens: [
        {
          name: 'the anonymous home page /',
          loads: ['src/app/render.tsx', 'src/screens/home/home-screen.tsx'],
        },
        {
          name: 'the sign-in redirect (the SPA before the identity server renders its login page, which needs no script)',
          loads: ['src/app/user-manager.ts'],
        },
        {
          name: 'the signed-in /dashboard (its frame; the content, period fields and charts load after the first paint)',
          loads: ['src/app/render.tsx', 'src/screens/dashboard/dashboard-screen.tsx'],
        },
      ],
      lazyChunkKb: 40,
      lazyChunkExceptions: [
        {
          module: 'src/screens/dashboard/audit-widgets/audit-widgets.tsx',
          ceilingKb: 132,
          reason: 'ApexCharts, loaded after the dashboard paints',
        },
      ],
    }),
  ],
  // The SPA formats precompiled or simple messages only (src/i18n/compiled-messages.ts), so it ships
  // formatjs without the ICU parser (about 6.5 KB brotli of the first paint).
  resolve: {
    alias: [
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' },
      // React 19 has useSyncExternalStore: @xstate/react and react-aria take React's own instead of the
      // shim for React 16/17 (about 0.3 KB of React's chunk; the package's own advice for React 18+).
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: path.resolve('src/app/react-sync-store.ts') },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    modulePreload: { polyfill: false },
    // What the start-up needs statically (main.tsx's imports) is one chunk, the entry, instead of the
    // entry and the shared chunks the bundler would cut from it (react, xstate, the system context):
    // one brotli stream compresses better and costs no extra request (about 4 KB of each first paint).
    // Everything loaded later keeps the bundler's automatic chunks.
    // React's half of the start-up (render.tsx and its static imports, read by staticClosure below)
    // is one chunk the same way: every page that paints loads it beside the entry.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 2 },
            { name: 'render', test: (id: string) => renderClosure.has(id) && !sharedWithScreens.test(id), priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 4200,
    proxy: Object.fromEntries(
      ['/api', '/connect', '/.well-known', '/Account', '/health'].map((p) => [
        p,
        { target: 'http://localhost:44300', changeOrigin: false },
      ]),
    ),
  },
});
