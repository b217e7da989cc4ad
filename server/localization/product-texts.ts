// The SPA's texts as server resources: every module under src/ that defines an area's texts
// (`defineTexts(…)`, see src/i18n/define-texts.ts) and the shell's texts (src/i18n/texts-*.ts) are
// read here when the server starts, each area under the resource name its path gives
// (src/i18n/resource-names.ts), so the server and the SPA's English fallback come from one source.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AreaTexts } from '../../src/i18n/define-texts.ts';
import { areaResourceName, shellResourceName } from '../../src/i18n/resource-names.ts';
import { shellTextSets } from '../../src/i18n/texts.ts';

export type ProductResource = { name: string; file: string; sets: AreaTexts<string> };

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const definesTexts = /\bdefineTexts\s*[<(]/;

function areaModules(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...areaModules(full));
    else if (entry.name.endsWith('.ts') && entry.name !== 'define-texts.ts' && definesTexts.test(fs.readFileSync(full, 'utf8'))) {
      found.push(full);
    }
  }
  return found;
}

function isAreaFactory(value: unknown): value is { sets: AreaTexts<string> } {
  return typeof value === 'function' && typeof (value as { sets?: unknown }).sets === 'object';
}

/** Every product resource, sorted by name; a module defining two areas, or two modules one name, is an error. */
export async function loadProductResources(): Promise<ProductResource[]> {
  const resources: ProductResource[] = [{ name: shellResourceName, file: 'src/i18n/texts.ts', sets: shellTextSets }];
  for (const file of areaModules(path.join(repositoryRoot, 'src')).sort()) {
    const relative = path.relative(repositoryRoot, file).split(path.sep).join('/');
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const factories = Object.values(module).filter(isAreaFactory);
    if (factories.length !== 1) throw new Error(`${relative} must export exactly one defineTexts area (found ${factories.length})`);
    resources.push({ name: areaResourceName(relative), file: relative, sets: factories[0]!.sets });
  }
  const names = resources.map((r) => r.name);
  const twice = names.filter((name, index) => names.indexOf(name) !== index);
  if (twice.length > 0) throw new Error(`Two text modules give the resource name ${twice.join(', ')}`);
  return resources.sort((a, b) => a.name.localeCompare(b.name));
}
