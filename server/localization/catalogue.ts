// The catalogue of every text the product ships, by resource and culture: the one place the
// application-localization endpoint, language management (texts, missing-translation reports,
// import/export) and the server's own localize() read shipped texts from. Two kinds of resource:
// - ABP's resources (AbpUi, AbpIdentity, …) and the server's own 'Finance' resource, in
//   resources/<Resource>/<culture>.json, keep ABP's positional `{0}` placeholders ('abp');
// - the SPA's areas (resource names starting with 'Finance.'), ICU messages ('icu'), whose source is
//   the area's texts module in src/ (see product-texts.ts).
// shippedTexts never falls back: a key missing in a culture is missing there (English underneath is
// the reader's business).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MessageKind } from './message-syntax.ts';
import { loadProductResources } from './product-texts.ts';

export const cultureNames = ['en', 'ar', 'fr', 'hy'] as const;

type Texts = Record<string, string>;

const resourcesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'resources');

function loadJsonResources(): Map<string, Map<string, Texts>> {
  const byResource = new Map<string, Map<string, Texts>>();
  for (const resource of fs.readdirSync(resourcesDir).sort()) {
    const byCulture = new Map<string, Texts>();
    for (const culture of cultureNames) {
      const file = path.join(resourcesDir, resource, `${culture}.json`);
      if (fs.existsSync(file)) byCulture.set(culture, JSON.parse(fs.readFileSync(file, 'utf8')) as Texts);
    }
    byResource.set(resource, byCulture);
  }
  return byResource;
}

const jsonResources = loadJsonResources();
const productResources = new Map<string, Map<string, Texts>>(
  (await loadProductResources()).map((resource) => [
    resource.name,
    new Map(cultureNames.map((culture) => [culture, { ...(resource.sets[culture] as Texts) }])),
  ]),
);

/** The product's own resources (the SPA's areas) are ICU messages; ABP's and the server's keep `{0}`. */
export function messageKind(resource: string): MessageKind {
  return resource.startsWith('Finance.') ? 'icu' : 'abp';
}

/** Every resource the server holds, sorted by name. */
export function catalogueResourceNames(): string[] {
  return [...jsonResources.keys(), ...productResources.keys()].sort();
}

/** The texts the product ships for a resource in a culture ('fr-FR' reads 'fr'); no fallback; {} when none. */
export function shippedTexts(resource: string, cultureName: string): Record<string, string> {
  const culture = cultureName.split(/[-_]/)[0]!.toLowerCase();
  return { ...((jsonResources.get(resource) ?? productResources.get(resource))?.get(culture) ?? {}) };
}
