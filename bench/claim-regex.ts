// Claim type regexes (ADR 0011): for typical and hostile patterns, the verdict of the save-time
// rules, how long that verdict took, and, for the accepted ones, the slowest RE2 whole-value match
// over hostile 1,024-character values (the contract's longest claim value), each on a freshly
// compiled pattern so the DFA cache is cold, which is the worst case a request meets (the median of
// 5 such matches per value, so that a garbage collection pause is not taken for the engine).
// `node_modules/.bin/node bench/claim-regex.ts`. Figures, never pass/fail: see bench/README.md.
import { pathToFileURL } from 'node:url';
import { RE2JS } from 're2js';
import { claimRegexProblem } from '../server/modules/identity/claim-regex.ts';

const patterns = [
  '[A-Z]{2}\\d{4}',
  '[^@\\s]+@[^@\\s]+',
  '[\\w.+-]+@[\\w-]+(\\.[\\w-]+)*',
  '\\+?\\d{1,3}[ -]?\\(?\\d{1,4}\\)?[ -]?\\d{1,4}[ -]?\\d{1,9}',
  '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}',
  '[A-Z]{2}\\d{2}[A-Z0-9]{1,30}',
  '[a-z]{1,64}',
  '.*foo.*',
  '.{0,140}',
  '[a-z]{0,70}[0-9]{0,70}',
  '(?:[a-z]{1,10}-){1,12}',
  '(?:[a-z]+\\d*){1,40}',
  '(a+)+',
  '(a|a)*b',
  '(\\w+\\s?)*',
  '(.*a){40}',
  '(?:.?){99}x',
  '(?:\\w{1,25}){1,10}',
  '.{0,1000}',
  '(?=.*\\d).{8,}',
];

const hostileValues = [
  `${'a'.repeat(1023)}!`,
  `${'é'.repeat(1023)}!`,
  'ab1,'.repeat(256),
  ' '.repeat(1024),
  'a1'.repeat(512),
  `${'abcdefghij-'.repeat(93)}x`,
];

export async function runClaimRegexBenchmark(): Promise<string> {
  // Warm the engine itself, as a running server has.
  for (let i = 0; i < 50; i++) RE2JS.compile('(?:.{1,5}){1,5}x').matches('a'.repeat(100));
  const rows = ['| pattern | verdict | verdict ms | slowest cold match ms (median of 5) |', '| --- | --- | --- | --- |'];
  for (const pattern of patterns) {
    const started = performance.now();
    const problem = await claimRegexProblem(pattern);
    const verdictMs = performance.now() - started;
    let slowest = 0;
    if (!problem)
      for (const value of hostileValues) {
        const times = Array.from({ length: 5 }, () => {
          const engine = RE2JS.compile(pattern);
          const t = performance.now();
          engine.matches(value);
          return performance.now() - t;
        }).sort((a, b) => a - b);
        slowest = Math.max(slowest, times[2]!);
      }
    rows.push(
      `| \`${pattern.replaceAll('|', '\\|')}\` | ${problem ?? 'accepted'} | ${verdictMs.toFixed(0)} | ${problem ? '(never run)' : slowest.toFixed(2)} |`,
    );
  }
  return rows.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  console.log(await runClaimRegexBenchmark());
  process.exit(0);
}
