// The one formatter of the SPA (issue 19): @formatjs/intl, one IntlShape per culture and time zone,
// sharing one cache, so every text, number, currency amount, date, time and relative time goes
// through the same object. Rules:
// - texts are ICU messages (plural/select where counts or choices occur); `{0}` is an ICU argument
//   named 0, so positional arguments are passed as { 0: …, 1: … };
// - a message is parsed once: simple ones are read into their AST here and complex ones arrive
//   precompiled (compiled-messages.ts), each kept per text; intl-messageformat's memoized
//   getMessageFormat then keeps the formatter per (message, locale);
// - tags are plain text (ignoreTag), as the server checks them (server/localization/message-syntax.ts);
// - the time zone is the user's setting (spec 2.5, Abp.Timing.TimeZone; UTC by default), set when
//   the configuration arrives (setUserTimeZone); a text that fails to format shows as written.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createIntl, createIntlCache, formatMessage, type IntlShape } from '@formatjs/intl';
import { messageOf } from './compiled-messages.ts';
import { notifyTextsChanged } from './server-texts.ts';

export type MessageValue = string | number | Date | null | undefined;
export type MessageValues = Record<string, MessageValue>;

const cache = createIntlCache();
const intls = new Map<string, IntlShape>();
let userTimeZone = 'UTC';

function validTimeZone(name: string | null | undefined): string | null {
  if (!name) return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name;
  } catch {
    return null;
  }
}

/** The user's time zone (IANA name) every date and time is shown in; unknown or empty means UTC. */
export function setUserTimeZone(name: string | null | undefined): void {
  const next = validTimeZone(name) ?? 'UTC';
  if (next === userTimeZone) return;
  userTimeZone = next;
  notifyTextsChanged();
}

export function currentTimeZone(): string {
  return userTimeZone;
}

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
export function intlFor(culture: string, timeZone: string = userTimeZone): IntlShape {
  const locale = localeOf(culture);
  const key = `${locale}|${timeZone}`;
  let intl = intls.get(key);
  if (!intl) {
    intl = createIntl({ locale, timeZone, defaultLocale: 'en', messages: {}, onError: ignore }, cache);
    intls.set(key, intl);
  }
  return intl;
}

/** Positional arguments (`{0}`, `{1}`) or named values ({ count }) as ICU values. */
export function messageValues(args: ReadonlyArray<MessageValue | MessageValues>): MessageValues {
  if (args.length === 1 && isValues(args[0])) return args[0];
  const values: MessageValues = {};
  args.forEach((value, index) => {
    values[index] = value as MessageValue;
  });
  return values;
}

function isValues(value: unknown): value is MessageValues {
  return typeof value === 'object' && value !== null && !(value instanceof Date);
}

const parsed = new Map<string, MessageFormatElement[] | string>();

function parsedMessage(text: string): MessageFormatElement[] | string {
  let message = parsed.get(text);
  if (message === undefined) {
    message = messageOf(text);
    parsed.set(text, message);
  }
  return message;
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
