// What the user receives for texts (issue 19, ADR 0017): per culture, the application-localization
// answer an ABP client reads (every resource) and the SPA's (compiledMessages=true: the product's
// resources, non-simple messages compiled), as JSON and compressed (brotli quality 4 and gzip, as
// the server compresses on the fly), and how long compiling a culture's messages takes cold.
// Figures, never pass/fail. Run: node_modules/.bin/node bench/localization-answer.ts
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { withCompiledMessages } from '../server/localization/compiled.ts';
import { resourceTexts } from '../server/localization/index.ts';

const kb = (bytes: number) => Math.round(bytes / 100) / 10;
const brotli = (text: string) => zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }).length;
const answer = (resources: Record<string, Record<string, string>>) =>
  JSON.stringify({ resources: Object.fromEntries(Object.entries(resources).map(([name, texts]) => [name, { texts, baseResources: [] }])) });

const rows = [];
for (const culture of ['en', 'ar', 'fr', 'hy']) {
  const all = resourceTexts(culture) as Record<string, Record<string, string>>;
  const started = performance.now();
  const spa = withCompiledMessages(all);
  const compileMs = performance.now() - started;
  const abpBody = answer(all);
  const spaBody = answer(spa);
  rows.push({
    culture,
    'ABP client KB': kb(abpBody.length),
    'ABP br KB': kb(brotli(abpBody)),
    'ABP gzip KB': kb(zlib.gzipSync(abpBody).length),
    'SPA KB': kb(spaBody.length),
    'SPA br KB': kb(brotli(spaBody)),
    'SPA gzip KB': kb(zlib.gzipSync(spaBody).length),
    'compile ms (cold)': Math.round(compileMs * 10) / 10,
  });
}
console.table(rows);
