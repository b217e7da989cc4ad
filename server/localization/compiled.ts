// The product's ICU messages compiled for the SPA (application-localization with
// compiledMessages=true): the SPA ships without the ICU parser, so every message that is not plain
// text with `{name}` arguments is sent as its AST (src/i18n/compiled-messages.ts). Each distinct
// text is compiled once and kept (overrides included: they are texts like any other). That answer
// holds the product's own resources only: ABP's are for ABP clients (about half the bytes, measured
// per culture by bench/localization-answer.ts: 95-109 KB of JSON, 27-35 KB compressed, against
// 47-52 KB / 12.5-16.5 KB).
import { parse } from '@formatjs/icu-messageformat-parser';
import { compileMessage } from '../../src/i18n/compiled-messages.ts';
import { messageKind } from './catalogue.ts';
import { icuParseOptions } from './message-syntax.ts';

const compiled = new Map<string, string>();
const maxKept = 50_000;

function compiledText(text: string): string {
  let result = compiled.get(text);
  if (result === undefined) {
    result = compileMessage(text, (message) => parse(message, icuParseOptions));
    if (compiled.size >= maxKept) compiled.clear();
    compiled.set(text, result);
  }
  return result;
}

/** The product's (ICU) resources with their messages compiled; ABP's resources are left out. */
export function withCompiledMessages(resources: Record<string, Record<string, string>>): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const [name, texts] of Object.entries(resources)) {
    if (messageKind(name) !== 'icu') continue;
    const own: Record<string, string> = {};
    for (const [key, text] of Object.entries(texts)) own[key] = compiledText(text);
    out[name] = own;
  }
  return out;
}
