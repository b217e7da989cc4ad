// Messages the SPA formats without shipping the ICU parser (issue 19, first-paint budget): the SPA's
// bundle resolves @formatjs/icu-messageformat-parser to its parser-less build, so every message it
// formats is already an AST:
// - a simple message (literal text and `{name}` arguments, which is most texts) is turned into its
//   AST here, by reading it the way ICU does for that subset;
// - any other message (plural, select, number/date styles, apostrophe quoting) arrives compiled: the
//   server compiles the product's texts when the SPA asks for them (application-localization with
//   compiledMessages=true) and the build compiles the bundled English (scripts/texts-plugin.ts); a
//   compiled message is a string `\u0001` + the AST as JSON, so it travels where a text does.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

export const compiledMarker = '\u0001';

const argument = /^[^\s{}',#|<>]+$/u;

/** The AST of a message made only of literal text and `{name}` arguments; null for anything else. */
export function simpleMessage(text: string): MessageFormatElement[] | null {
  if (/'[{}'#|]/.test(text)) return null;
  const elements: MessageFormatElement[] = [];
  let literal = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '}') return null;
    if (char !== '{') {
      literal += char;
      index += 1;
      continue;
    }
    const close = text.indexOf('}', index + 1);
    if (close < 0) return null;
    const name = text.slice(index + 1, close).trim();
    if (!argument.test(name)) return null;
    if (literal) elements.push({ type: 0, value: literal });
    literal = '';
    elements.push({ type: 1, value: name });
    index = close + 1;
  }
  if (literal) elements.push({ type: 0, value: literal });
  return elements;
}

/** A message as the formatter takes it: an AST when it is simple or compiled, else the text itself. */
export function messageOf(text: string): MessageFormatElement[] | string {
  if (text.startsWith(compiledMarker)) {
    try {
      return JSON.parse(text.slice(compiledMarker.length)) as MessageFormatElement[];
    } catch {
      return text;
    }
  }
  return simpleMessage(text) ?? text;
}

/** A compiled message (`parse` is the ICU parser, which only the server and the build have). */
export function compileMessage(text: string, parse: (text: string) => MessageFormatElement[]): string {
  if (simpleMessage(text)) return text;
  try {
    return compiledMarker + JSON.stringify(parse(text));
  } catch {
    return text;
  }
}
