// Build step of issue 19 (one source of texts): the SPA's texts modules (src/**/*-texts.ts, every
// module calling defineTexts, src/i18n/texts-<culture>.ts) hold all four languages because the
// server serves them from there; in the SPA's bundle only English stays, as the offline fallback, and
// the culture's texts come from GET /api/abp/application-localization. This plugin, on those modules:
// - empties every `ar`/`fr`/`hy` object (a property `ar: { … }` or a declaration `const ar = { … }`);
// - passes each defineTexts call its resource name (src/i18n/resource-names.ts), so the area's
//   translator reads the server's texts of that resource;
// - compiles every English message that is not plain text with `{name}` arguments (plural, select…)
//   into its AST, since the bundle has no ICU parser (src/i18n/compiled-messages.ts).
// Modules run from source (unit tests, the server) are untouched and keep every language.
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';
import { icuParseOptions } from '../server/localization/message-syntax.ts';
import { compileMessage } from '../src/i18n/compiled-messages.ts';
import { areaResourceName } from '../src/i18n/resource-names.ts';

const otherLanguages = new Set(['ar', 'fr', 'hy']);
const definesTexts = /\bdefineTexts\s*[<(]/;

type Node = { type: string; start: number; end: number; [key: string]: unknown };

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function walk(node: Node, visit: (node: Node) => boolean): void {
  if (!visit(node)) return;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const child of value) isNode(child) && walk(child, visit);
    else if (isNode(value)) walk(value, visit);
  }
}

const nameOf = (node: unknown): string | undefined =>
  isNode(node)
    ? ((node.type === 'Identifier' ? node.name : node.type === 'Literal' ? node.value : undefined) as string | undefined)
    : undefined;

/** The module's code with the other languages emptied and the resource named; null when not a texts module. */
export function englishOnly(code: string, relativePath: string): string | null {
  const isTextsModule = /-texts\.ts$/.test(relativePath) || /^src\/i18n\/texts-[a-z]+\.ts$/.test(relativePath) || definesTexts.test(code);
  if (!isTextsModule || relativePath === 'src/i18n/define-texts.ts') return null;
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const program = parseAst(code, { lang: 'ts' }) as unknown as Node;
  const compileEnglish = (set: Node) =>
    walk(set, (node) => {
      if (node.type === 'Literal' && typeof node.value === 'string') {
        const compiled = compileMessage(node.value, (text) => parse(text, icuParseOptions));
        if (compiled !== node.value) edits.push({ start: node.start, end: node.end, text: JSON.stringify(compiled) });
      }
      return true;
    });
  walk(program, (node) => {
    if (node.type === 'Property' && nameOf(node.key) === 'en' && isNode(node.value) && node.value.type === 'ObjectExpression') {
      compileEnglish(node.value);
      return false;
    }
    if (node.type === 'VariableDeclarator' && nameOf(node.id) === 'en' && isNode(node.init)) {
      compileEnglish(node.init);
      return false;
    }
    if (
      node.type === 'Property' &&
      otherLanguages.has(nameOf(node.key) ?? '') &&
      isNode(node.value) &&
      node.value.type === 'ObjectExpression'
    ) {
      edits.push({ start: node.value.start, end: node.value.end, text: '{}' });
      return false;
    }
    if (node.type === 'VariableDeclarator' && otherLanguages.has(nameOf(node.id) ?? '') && isNode(node.init)) {
      edits.push({ start: node.init.start, end: node.init.end, text: '{}' });
      return false;
    }
    if (node.type === 'CallExpression' && nameOf(node.callee) === 'defineTexts') {
      const args = node.arguments as Node[];
      const last = args.at(-1);
      if (args.length === 1 && last) {
        edits.push({ start: last.end, end: last.end, text: `, ${JSON.stringify(areaResourceName(relativePath))}` });
      }
    }
    return true;
  });
  edits.sort((a, b) => b.start - a.start);
  let out = code;
  for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

export function textsPlugin(root: string = process.cwd()): Plugin {
  return {
    name: 'texts-english-only',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!file.endsWith('.ts')) return null;
      const relative = path.relative(root, file).split(path.sep).join('/');
      if (!relative.startsWith('src/')) return null;
      const out = englishOnly(code, relative);
      return out === null ? null : { code: out, map: null };
    },
  };
}
