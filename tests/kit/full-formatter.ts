// Unit suites format texts as the SPA does once @formatjs/intl has loaded (main.tsx loads it right
// after the first paint; src/i18n/format-text.ts): complex messages through the formatter, never the
// approximation shown before it has loaded (that path has its own test, i18n-first-paint.test.ts).
import '../../src/i18n/intl.ts';
