// The build step that keeps only English in the SPA (scripts/texts-plugin.ts), on every texts module
// the server serves: no Arabic or Armenian letter is left, French sets are empty, each area is tagged
// with the resource the server serves it under, and every English string is either a simple message
// or compiled (the bundle has no ICU parser).
import fs from 'node:fs';
import path from 'node:path';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { loadProductResources } from '../../server/localization/product-texts.ts';
import { englishOnly } from '../../scripts/texts-plugin.ts';
import { compiledMarker, simpleMessage } from '../../src/i18n/compiled-messages.ts';

const root = path.resolve(import.meta.dirname, '../..');

type Node = { type: string; [key: string]: unknown };
function strings(node: unknown, into: string[]): string[] {
  if (Array.isArray(node)) for (const child of node) strings(child, into);
  else if (node && typeof node === 'object') {
    const n = node as Node;
    if (n.type === 'Literal' && typeof n.value === 'string') into.push(n.value);
    for (const value of Object.values(n)) if (value && typeof value === 'object') strings(value, into);
  }
  return into;
}

describe('texts plugin', async () => {
  const areas = await loadProductResources();
  const files = [...new Set([...areas.map((area) => area.file), 'src/i18n/texts-ar.ts', 'src/i18n/texts-fr.ts', 'src/i18n/texts-hy.ts'])];

  it('leaves English only, names each area and compiles what needs the parser', () => {
    for (const file of files.filter((f) => f !== 'src/i18n/texts.ts')) {
      const source = fs.readFileSync(path.join(root, file), 'utf8');
      const out = englishOnly(source, file);
      expect(out, file).not.toBeNull();
      expect(out, file).not.toMatch(/[\u0600-\u06ff\u0530-\u058f]/);
      const area = areas.find((a) => a.file === file);
      if (area) expect(out, file).toContain(`, ${JSON.stringify(area.name)})`);
      for (const text of strings(parseAst(out!, { lang: 'ts' }), [])) {
        if (text.startsWith(compiledMarker)) expect(Array.isArray(JSON.parse(text.slice(1))), file).toBe(true);
      }
    }
    const french = englishOnly(
      fs.readFileSync(path.join(root, 'src/screens/dashboard/dashboard-texts.ts'), 'utf8'),
      'src/screens/dashboard/dashboard-texts.ts',
    )!;
    expect(french).toContain('fr: {}');
    expect(french).not.toContain('Période');
  });

  it('compiles the plural English messages and leaves simple ones as written', () => {
    const file = 'src/views/kit/kit-texts.ts';
    const out = englishOnly(fs.readFileSync(path.join(root, file), 'utf8'), file)!;
    const texts = strings(parseAst(out, { lang: 'ts' }), []);
    expect(texts.filter((text) => text.startsWith(compiledMarker)).length).toBeGreaterThanOrEqual(8);
    expect(texts).toContain('Bulk actions');
    expect(texts.filter((text) => !text.startsWith(compiledMarker) && text.includes('plural'))).toEqual([]);
    expect(texts.filter((text) => !text.startsWith(compiledMarker) && text.includes('{') && !simpleMessage(text))).toEqual([]);
  });

  it('leaves modules that are not texts alone', () => {
    expect(englishOnly('export const ar = { a: 1 };', 'src/app/menu.ts')).toBeNull();
  });
});
