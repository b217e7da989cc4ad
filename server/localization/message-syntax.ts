// Checks a text before it is stored (language management refuses a malformed text on save, with the
// position of the error, so nothing can fail at render time):
// - 'icu': the product's own texts are ICU messages, parsed by @formatjs/icu-messageformat-parser with
//   the options the SPA formats them with (tags are plain text);
// - 'abp': ABP's resources keep ABP's positional placeholders `{0}`, `{1}`…: every `{` opens a
//   placeholder made of digits closed by `}`, and no `}` stands alone.
import { parse } from '@formatjs/icu-messageformat-parser';

export type MessageKind = 'icu' | 'abp';
export type MessageCheck = { ok: true } | { ok: false; offset: number; message: string };

/** The parser options shared with the SPA's formatter (src/i18n/intl.ts): tags are not parsed. */
export const icuParseOptions = { ignoreTag: true, requiresOtherClause: true } as const;

function checkIcu(text: string): MessageCheck {
  try {
    parse(text, icuParseOptions);
    return { ok: true };
  } catch (error) {
    const location = (error as { location?: { start?: { offset?: number } } }).location;
    const kind = (error as { message?: string }).message ?? 'INVALID_MESSAGE';
    return { ok: false, offset: location?.start?.offset ?? 0, message: describeIcuError(kind) };
  }
}

// The parser's error names (ErrorKind) as a sentence an administrator can act on.
function describeIcuError(kind: string): string {
  const known: Record<string, string> = {
    EXPECT_ARGUMENT_CLOSING_BRACE: 'A placeholder is not closed with "}".',
    EMPTY_ARGUMENT: 'A placeholder has no name.',
    MALFORMED_ARGUMENT: 'A placeholder name is malformed.',
    EXPECT_ARGUMENT_TYPE: 'A placeholder type is missing after ",".',
    INVALID_ARGUMENT_TYPE: 'A placeholder type is not one of number, date, time, plural, select, selectordinal.',
    EXPECT_PLURAL_ARGUMENT_SELECTOR: 'A plural placeholder has no cases.',
    EXPECT_SELECT_ARGUMENT_SELECTOR: 'A select placeholder has no cases.',
    MISSING_OTHER_CLAUSE: 'A plural or select placeholder has no "other" case.',
    DUPLICATE_PLURAL_ARGUMENT_SELECTOR: 'A plural case appears twice.',
    DUPLICATE_SELECT_ARGUMENT_SELECTOR: 'A select case appears twice.',
    EXPECT_PLURAL_ARGUMENT_OFFSET_VALUE: 'A plural offset is not a number.',
    INVALID_PLURAL_ARGUMENT_OFFSET_VALUE: 'A plural offset is not a number.',
    EXPECT_PLURAL_ARGUMENT_SELECTOR_FRAGMENT: 'A plural case has no "{…}" text.',
    EXPECT_SELECT_ARGUMENT_SELECTOR_FRAGMENT: 'A select case has no "{…}" text.',
    UNCLOSED_QUOTE_IN_ARGUMENT_STYLE: 'A quote in a placeholder style is not closed.',
    UNMATCHED_CLOSING_TAG: 'A closing tag does not match.',
  };
  return known[kind] ?? `The message is malformed (${kind}).`;
}

function checkAbp(text: string): MessageCheck {
  let index = 0;
  while (index < text.length) {
    const char = text[index];
    if (char === '{') {
      const close = text.indexOf('}', index + 1);
      if (close < 0) return { ok: false, offset: index, message: 'A placeholder is not closed with "}".' };
      if (!/^\d+$/.test(text.slice(index + 1, close))) {
        return { ok: false, offset: index, message: 'A placeholder must be a number in braces, as {0}.' };
      }
      index = close + 1;
      continue;
    }
    if (char === '}') return { ok: false, offset: index, message: 'A "}" closes no placeholder.' };
    index += 1;
  }
  return { ok: true };
}

/** Whether a text is a well-formed message of its resource's kind; the error's offset is 0-based. */
export function checkMessage(text: string, kind: MessageKind): MessageCheck {
  return kind === 'icu' ? checkIcu(text) : checkAbp(text);
}
