// Issue 18: what shortens the way from the login form's submit to the first screen. The build lists
// the chunks a signed-in screen needs beyond the entry (scripts/sign-in-prefetch.ts) and the identity
// server's pages prefetch them (login-page.ts); the sign-in redirect keeps the discovery document and
// the return address for the tab, so the callback page neither reads the document again nor waits for
// the configuration before loading the returned-to screen (user-manager.ts, sign-in-return.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { OutputBundle } from 'rolldown';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchFiles } from '../../scripts/sign-in-prefetch.ts';
import { spaPrefetchLinks } from '../../server/identity-server/login-page.ts';
import type { RouteEntry } from '../../src/app/routes.ts';
import { preloadSignInReturn, rememberSignInReturn } from '../../src/app/sign-in-return.ts';
import { keptMetadata } from '../../src/app/user-manager.ts';

const root = '/repo';

function chunk(fileName: string, options: { facade?: string; imports?: string[]; entry?: boolean; modules?: string[]; css?: string[] }) {
  return {
    type: 'chunk' as const,
    fileName,
    code: '',
    imports: options.imports ?? [],
    dynamicImports: [],
    facadeModuleId: options.facade ? `${root}/${options.facade}` : null,
    moduleIds: (options.modules ?? []).map((module) => `${root}/${module}`),
    isEntry: options.entry === true,
    isDynamicEntry: false,
    viteMetadata: { importedCss: new Set(options.css ?? []), importedAssets: new Set() },
  };
}

const bundle = Object.fromEntries(
  [
    chunk('assets/index-a.js', { facade: 'index.html', entry: true, imports: ['assets/runtime-b.js'], css: ['assets/index-c.css'] }),
    chunk('assets/runtime-b.js', {}),
    chunk('assets/render-d.js', {
      modules: ['src/app/render.tsx', 'src/app/app.tsx'],
      imports: ['assets/runtime-b.js'],
      css: ['assets/render-e.css'],
    }),
    chunk('assets/providers-f.js', { facade: 'src/app/screen-providers.tsx', imports: ['assets/i18n-g.js', 'assets/render-d.js'] }),
    chunk('assets/i18n-g.js', {}),
    chunk('assets/ui-h.js', { modules: ['src/ui/components/button.tsx'], imports: ['assets/i18n-g.js'], css: ['assets/ui-i.css'] }),
  ].map((c) => [c.fileName, c]),
) as unknown as OutputBundle;

describe('the build’s list of files to prefetch', () => {
  it('holds the named modules’ chunks with their static imports and stylesheets, each once, none the entry already loads', () => {
    expect(prefetchFiles(bundle, ['src/app/render.tsx', 'src/app/screen-providers.tsx', 'src/ui/components/button.tsx'], root)).toEqual([
      '/assets/render-d.js',
      '/assets/render-e.css',
      '/assets/providers-f.js',
      '/assets/i18n-g.js',
      '/assets/ui-h.js',
      '/assets/ui-i.css',
    ]);
  });

  it('fails on a module no chunk holds (a rename is seen at build time)', () => {
    expect(() => prefetchFiles(bundle, ['src/app/renamed.tsx'], root)).toThrow(/no chunk is built for src\/app\/renamed\.tsx/);
  });
});

describe('the identity server’s pages', () => {
  const saved = { dist: process.env.SPA_DIST_DIR, serve: process.env.SERVE_SPA };
  afterEach(() => {
    for (const [name, value] of [
      ['SPA_DIST_DIR', saved.dist],
      ['SERVE_SPA', saved.serve],
    ] as const)
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  });

  it('prefetch the listed hashed assets only, read again when the build rewrites the list, and nothing without a list or a served SPA', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sign-in-prefetch-'));
    try {
      process.env.SPA_DIST_DIR = dist;
      delete process.env.SERVE_SPA;
      expect(spaPrefetchLinks()).toBe('');
      const list = path.join(dist, 'sign-in-prefetch.json');
      fs.writeFileSync(
        list,
        JSON.stringify({ files: ['/assets/render-d.js', '/assets/ui-i.css', '/index.html', 'https://elsewhere/x.js', '/assets/"x.js'] }),
      );
      expect(spaPrefetchLinks()).toBe('\n<link rel="prefetch" href="/assets/render-d.js">\n<link rel="prefetch" href="/assets/ui-i.css">');
      fs.writeFileSync(list, JSON.stringify({ files: ['/assets/render-z.js'] }));
      fs.utimesSync(list, new Date(), new Date(Date.now() + 5_000));
      expect(spaPrefetchLinks()).toBe('\n<link rel="prefetch" href="/assets/render-z.js">');
      process.env.SERVE_SPA = 'false';
      expect(spaPrefetchLinks()).toBe('');
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, String(value)),
  };
}

describe('the discovery document kept for the callback page', () => {
  const authority = 'https://finance.example/';
  const metadata = { issuer: authority, token_endpoint: `${authority}connect/token` };
  const keep = (tab: Storage, at: number, forAuthority = authority) =>
    tab.setItem('finance-admin.oidc-metadata', JSON.stringify({ authority: forAuthority, at, metadata }));

  it('is used for ten minutes after the redirect, for the same authority only', () => {
    const tab = memoryStorage();
    const now = 1_000_000_000;
    expect(keptMetadata(tab, authority, now)).toBeUndefined();
    keep(tab, now - 60_000);
    expect(keptMetadata(tab, authority, now)).toEqual(metadata);
    expect(keptMetadata(tab, 'https://other.example/', now)).toBeUndefined();
    keep(tab, now - 11 * 60_000);
    expect(keptMetadata(tab, authority, now)).toBeUndefined();
    tab.setItem('finance-admin.oidc-metadata', '{not json');
    expect(keptMetadata(tab, authority, now)).toBeUndefined();
    expect(keptMetadata(null, authority, now)).toBeUndefined();
  });
});

describe('the screen a sign-in returns to', () => {
  const auditLogs = { path: '/audit-logs', layout: 'application', requiresAuth: true, load: vi.fn() } as unknown as RouteEntry;
  const match = (pathname: string) => (pathname.toLowerCase().startsWith('/audit-logs') ? auditLogs : null);

  it('starts loading on the callback page, once, from the address kept before the redirect', () => {
    const tab = memoryStorage();
    const preload = vi.fn();
    rememberSignInReturn(tab, '/audit-logs?httpMethod=GET');
    preloadSignInReturn(tab, { search: '' }, match, preload);
    expect(preload).not.toHaveBeenCalled();
    preloadSignInReturn(tab, { search: '?code=abc&state=def' }, match, preload);
    expect(preload).toHaveBeenCalledExactlyOnceWith(auditLogs, '/audit-logs?httpMethod=GET');
    preloadSignInReturn(tab, { search: '?code=abc&state=def' }, match, preload);
    expect(preload).toHaveBeenCalledOnce();
  });

  it('loads nothing for an address outside the app, an unknown route, or a sign-in without a return address', () => {
    const tab = memoryStorage();
    const preload = vi.fn();
    for (const returnUrl of ['https://elsewhere.example/audit-logs', '//elsewhere.example/audit-logs', '/unknown', null]) {
      rememberSignInReturn(tab, returnUrl);
      preloadSignInReturn(tab, { search: '?code=abc&state=def' }, match, preload);
    }
    expect(preload).not.toHaveBeenCalled();
  });
});
