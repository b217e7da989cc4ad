// How a text is formatted (issue 19's one formatter, issue 18's first paint). Rules:
// - A simple message (literal text and `{name}` arguments: every text of the shell and of the first
//   screens) is formatted here, exactly as @formatjs/intl's formatMessage formats it (a string or
//   number argument as String(value), null or undefined as '', a missing value gives the text's id),
//   so the first paint needs no formatjs.
// - The user's time zone (spec 2.5, Abp.Timing.TimeZone; UTC by default) is kept here, set when the
//   configuration arrives (setUserTimeZone), and read by intl.ts.
// - Any other message (plural, select, styled numbers and dates; they arrive compiled) goes through
//   @formatjs/intl (intl.ts). That module is loaded right after the first paint (loadFormatter), or
//   earlier by any chunk that imports it; a complex message asked for before it has loaded shows an
//   approximation (the `other` branch, plain numbers) and is formatted properly once it has, as the
//   readers re-render on notifyTextsChanged.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { messageOf } from './compiled-messages.ts';
import { notifyTextsChanged } from './server-texts.ts';

export type MessageValue = string | number | Date | null | undefined;
export type MessageValues = Record<string, MessageValue>;

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

/** The part of intl.ts this module calls for complex messages. */
export interface FullFormatter {
  formatComplex(culture: string, timeZone: string | undefined, id: string, text: string, values: MessageValues): string;
}

let full: FullFormatter | null = null;
/** Whether a complex message was shown approximately: the readers re-render when the formatter comes. */
let approximated = false;
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
let loading: Promise<void> | null = null;

/** Called by intl.ts when it is evaluated: from then on complex messages are formatted properly. */
export function setFullFormatter(formatter: FullFormatter): void {
  full = formatter;
  if (!approximated) return;
  approximated = false;
  notifyTextsChanged();
}

/** Loads @formatjs/intl (intl.ts) once; main.tsx calls it after the first paint. */
export function loadFormatter(): Promise<void> {
  loading ??= import('./intl.ts').then(
    () => undefined,
    () => {
      loading = null;
    },
  );
  return loading;
}

const parsed = new Map<string, MessageFormatElement[] | string>();

/** The text's AST, read once (simple ones by compiled-messages.ts, complex ones arrive compiled). */
export function parsedMessage(text: string): MessageFormatElement[] | string {
  let message = parsed.get(text);
  if (message === undefined) {
    message = messageOf(text);
    parsed.set(text, message);
  }
  return message;
}

const isSimple = (message: MessageFormatElement[] | string): message is MessageFormatElement[] =>
  Array.isArray(message) && message.every((element) => element.type === 0 || element.type === 1);

/** A simple message as intl-messageformat formats it: string parts merged, any other value kept, then joined as formatMessage's caller does. */
function formatSimple(id: string, elements: MessageFormatElement[], values: MessageValues): string {
  const first = elements[0];
  if (elements.length === 1 && first?.type === 0) return first.value;
  const parts: unknown[] = [];
  for (const element of elements) {
    let value: unknown;
    if (element.type === 0) value = element.value;
    else if (element.type === 1) {
      if (!(element.value in values)) return id;
      value = values[element.value];
      if (!value || typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint')
        value = typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' ? String(value) : '';
    }
    const last = parts.length - 1;
    if (typeof value === 'string' && typeof parts[last] === 'string') parts[last] += value;
    else parts.push(value);
  }
  if (parts.length <= 1) return String(parts[0] ?? '');
  return String(parts);
}

/** Until intl.ts has loaded: the `other` branch of a plural or select, numbers and dates as written. */
function approximate(elements: MessageFormatElement[], values: MessageValues, count?: unknown): string {
  return elements
    .map((element) => {
      if (element.type === 0) return element.value;
      if (element.type === 7) return String(count ?? '');
      if (element.type === 8) return approximate(element.children, values, count);
      const value = values[element.value];
      if (element.type === 5 || element.type === 6) {
        const option = element.options[`=${String(value)}`] ?? element.options[String(value)] ?? element.options.other;
        return option ? approximate(option.value, values, value) : '';
      }
      return value === null || value === undefined ? '' : String(value);
    })
    .join('');
}

/** Formats one text (already chosen for the culture) with its values; see the rules above. */
export function formatText(culture: string, timeZone: string | undefined, id: string, text: string, values: MessageValues): string {
  const message = parsedMessage(text);
  if (isSimple(message)) return formatSimple(id, message, values);
  if (full) return full.formatComplex(culture, timeZone, id, text, values);
  void loadFormatter();
  approximated = true;
  return Array.isArray(message) ? approximate(message, values) : text;
}
