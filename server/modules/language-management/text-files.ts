// One language's texts as a file a translator works in, and back. Rules:
// - JSON: { "culture": "fr", "baseCulture": "en", "texts": { "<Resource>": { "<key>": "<text>" } } };
// - XLIFF 2.0: one <file> per resource (id = resource name), one <unit> per key (the key in its
//   `name`, since keys may hold spaces; `id` is a generated NMTOKEN), <source> the base culture's
//   text, <target> the language's; srcLang/trgLang name the cultures;
// - reading is strict: anything else than the shape above is refused with a reason (never partly
//   read); XML is read by saxes, which expands no external entity and no DTD.
import { SaxesParser } from 'saxes';

export interface TextEntry {
  resourceName: string;
  name: string;
  /** The base culture's text (XLIFF source), when exported. */
  source?: string | null;
  value: string | null;
}

export interface TextFile {
  cultureName: string;
  baseCultureName: string | null;
  entries: TextEntry[];
}

export class TextFileError extends Error {}

export function writeJson(file: TextFile): string {
  const texts: Record<string, Record<string, string>> = {};
  for (const entry of file.entries) {
    const values = texts[entry.resourceName] ?? {};
    values[entry.name] = entry.value ?? '';
    texts[entry.resourceName] = values;
  }
  return `${JSON.stringify({ culture: file.cultureName, baseCulture: file.baseCultureName, texts }, null, 2)}\n`;
}

export function readJson(content: string): TextFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch (error) {
    throw new TextFileError((error as Error).message);
  }
  const root = parsed as { culture?: unknown; baseCulture?: unknown; texts?: unknown };
  if (!root || typeof root !== 'object' || Array.isArray(root)) throw new TextFileError('the file is not a JSON object');
  if (typeof root.culture !== 'string' || root.culture === '') throw new TextFileError('"culture" is missing');
  if (!root.texts || typeof root.texts !== 'object' || Array.isArray(root.texts)) throw new TextFileError('"texts" is not an object');
  const entries: TextEntry[] = [];
  for (const [resourceName, values] of Object.entries(root.texts as Record<string, unknown>)) {
    if (!values || typeof values !== 'object' || Array.isArray(values)) throw new TextFileError(`"texts.${resourceName}" is not an object`);
    for (const [name, value] of Object.entries(values as Record<string, unknown>)) {
      if (typeof value !== 'string') throw new TextFileError(`"texts.${resourceName}.${name}" is not a string`);
      entries.push({ resourceName, name, value });
    }
  }
  return { cultureName: root.culture, baseCultureName: typeof root.baseCulture === 'string' ? root.baseCulture : null, entries };
}

const escapeXml = (text: string) => text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

export function writeXliff(file: TextFile): string {
  const byResource = new Map<string, TextEntry[]>();
  for (const entry of file.entries) byResource.set(entry.resourceName, [...(byResource.get(entry.resourceName) ?? []), entry]);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="${escapeXml(file.baseCultureName ?? 'en')}" trgLang="${escapeXml(file.cultureName)}">`,
  ];
  let unit = 0;
  for (const [resourceName, entries] of byResource) {
    lines.push(`  <file id="${escapeXml(resourceName)}">`);
    for (const entry of entries) {
      unit += 1;
      lines.push(`    <unit id="u${unit}" name="${escapeXml(entry.name)}">`, '      <segment>');
      lines.push(`        <source>${escapeXml(entry.source ?? '')}</source>`);
      if (entry.value !== null && entry.value !== undefined) lines.push(`        <target>${escapeXml(entry.value)}</target>`);
      lines.push('      </segment>', '    </unit>');
    }
    lines.push('  </file>');
  }
  lines.push('</xliff>', '');
  return lines.join('\n');
}

const xliffNamespace = 'urn:oasis:names:tc:xliff:document:2.0';

export function readXliff(content: string): TextFile {
  const parser = new SaxesParser({ xmlns: true, position: true });
  let cultureName: string | null = null;
  let baseCultureName: string | null = null;
  let resourceName: string | null = null;
  let unitName: string | null = null;
  let target: string | null = null;
  let inTarget = false;
  let sawRoot = false;
  const entries: TextEntry[] = [];
  const path: string[] = [];
  let failure: string | null = null;
  parser.on('error', (error) => {
    failure ??= error.message;
  });
  parser.on('doctype', () => {
    failure ??= 'a DOCTYPE is not allowed';
  });
  parser.on('opentag', (tag) => {
    const name = tag.local;
    if (tag.uri !== xliffNamespace) failure ??= `<${tag.name}> is not in the XLIFF 2.0 namespace`;
    const attr = (key: string) => {
      const value = tag.attributes[key];
      return typeof value === 'string' ? value : (value?.value ?? null);
    };
    if (path.length === 0) {
      if (name !== 'xliff') failure ??= 'the root element is not <xliff>';
      if (attr('version') !== '2.0') failure ??= 'the XLIFF version is not 2.0';
      sawRoot = true;
      cultureName = attr('trgLang');
      baseCultureName = attr('srcLang');
    } else if (name === 'file') {
      resourceName = attr('id');
      if (!resourceName) failure ??= 'a <file> has no id';
    } else if (name === 'unit') {
      unitName = attr('name') ?? attr('id');
      target = null;
      if (!unitName) failure ??= 'a <unit> has no name';
    } else if (name === 'target') {
      inTarget = true;
      target = '';
    }
    path.push(name);
  });
  parser.on('text', (text) => {
    if (inTarget) target = (target ?? '') + text;
  });
  parser.on('cdata', (text) => {
    if (inTarget) target = (target ?? '') + text;
  });
  parser.on('closetag', (tag) => {
    path.pop();
    if (tag.local === 'target') inTarget = false;
    else if (tag.local === 'unit') {
      if (resourceName && unitName) entries.push({ resourceName, name: unitName, value: target });
      unitName = null;
    } else if (tag.local === 'file') resourceName = null;
  });
  try {
    parser.write(content).close();
  } catch (error) {
    failure ??= (error as Error).message;
  }
  if (failure) throw new TextFileError(failure);
  if (!sawRoot) throw new TextFileError('the file is empty');
  if (!cultureName) throw new TextFileError('trgLang is missing');
  return { cultureName, baseCultureName, entries };
}
