// The one formatter of the SPA (issue 19): @formatjs/intl, one IntlShape per culture and time zone,
// sharing one cache, so every text, number, currency amount, date, time and relative time goes
// through the same object. Rules:
// - texts are ICU messages (plural/select where counts or choices occur); `{0}` is an ICU argument
//   named 0, so positional arguments are passed as { 0: …, 1: … };
// - a message is parsed once: simple ones are read into their AST and complex ones arrive
//   precompiled (compiled-messages.ts), each kept per text (format-text.ts); intl-messageformat's
//   memoized getMessageFormat then keeps the formatter per (message, locale);
// - texts are formatted through format-text.ts: simple messages there, exactly as here, so the first
//   paint needs no formatjs (issue 18); this module is loaded after the first paint and formats the
//   complex ones (plural, select, styled numbers and dates) and every number, amount and date;
// - tags are plain text (ignoreTag), as the server checks them (server/localization/message-syntax.ts);
// - the time zone is the user's setting (spec 2.5, Abp.Timing.TimeZone; UTC by default), set when
//   the configuration arrives (setUserTimeZone, format-text.ts); a text that fails to format shows
//   as written.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createIntl, createIntlCache, formatMessage, type IntlShape } from '@formatjs/intl';
import { currentTimeZone, type MessageValues, parsedMessage, setFullFormatter } from './format-text.ts';

// Kept where they were first written; they live with the formatter of simple messages now.
export { currentTimeZone, type MessageValue, type MessageValues, messageValues, setUserTimeZone } from './format-text.ts';

const cache = createIntlCache();
const intls = new Map<string, IntlShape>();

/** 'fr-FR' -> 'fr-FR'; anything Intl cannot use -> 'en'. */
function localeOf(culture: string): string {
  try {
    return Intl.getCanonicalLocales(culture)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

const ignore = () => {};

/** The formatter of a culture in a time zone (the user's by default); the same object each time. */
export function intlFor(culture: string, timeZone: string = currentTimeZone()): IntlShape {
  const locale = localeOf(culture);
  const key = `${locale}|${timeZone}`;
  let intl = intls.get(key);
  if (!intl) {
    intl = createIntl({ locale, timeZone, defaultLocale: 'en', messages: {}, onError: ignore }, cache);
    intls.set(key, intl);
  }
  return intl;
}

/** Formats one ICU message (the text itself, already chosen for the culture). */
export function formatIcu(intl: IntlShape, id: string, text: string, values: MessageValues): string {
  try {
    const message = parsedMessage(text);
    const messages = { [id]: message } as Record<string, MessageFormatElement[]>;
    const result = formatMessage({ ...intl, messages }, intl.formatters, { id }, values as never, {
      ignoreTag: true,
    });
    return typeof result === 'string' ? result : String(result);
  } catch {
    return text;
  }
}

/**
 * An amount with its currency, as the culture writes it. Money is never a float: the amount is the
 * API's decimal string, which Intl.NumberFormat formats exactly (a string operand keeps every digit).
 */
export function formatAmount(culture: string, amount: string, currencyCode: string): string {
  const intl = intlFor(culture);
  try {
    const format = intl.formatters.getNumberFormat(intl.locale, { style: 'currency', currency: currencyCode });
    return format.format(amount as unknown as number);
  } catch {
    return `${amount} ${currencyCode}`;
  }
}

// Loaded (after the first paint, or with a chunk that formats dates): complex messages from now on.
setFullFormatter({
  formatComplex: (culture, timeZone, id, text, values) => formatIcu(intlFor(culture, timeZone), id, text, values),
});
