// What the user receives for texts (issue 19, ADR 0017): per culture, the application-localization
// answer an ABP client reads (every resource) and the SPA's (compiledMessages=true: the product's
// resources, non-simple messages compiled), as JSON and compressed (brotli quality 4 and gzip, as
// the server compresses on the fly), and how long compiling a culture's messages takes cold. Then,
// against the real app (PGlite, seeded, in this process, anonymous requests in sequence over one
// keep-alive connection, Accept-Encoding br as a browser sends it), what one request of the SPA's
// answer costs: rebuilt (its kept answer dropped, as after a text edit), kept (200, the whole
// body), and revalidated (If-None-Match with the current ETag: 304, no body).
// Figures, never pass/fail. Run: node_modules/.bin/node bench/localization-answer.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

// The HTTP paths, on the real app.
const { startBenchApp } = await import('./bench-app.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-localization-'));
const bench = await startBenchApp({ dataDir });
try {
  const { url } = await bench.listen();
  const { languageTextsTopic } = await import('../server/modules/language-management/overrides.ts');
  const answerUrl = `${url}/api/abp/application-localization?cultureName=fr&compiledMessages=true`;
  const ask = async (etag?: string) => {
    const started = performance.now();
    const response = await fetch(answerUrl, { headers: { 'accept-encoding': 'br', ...(etag ? { 'if-none-match': etag } : {}) } });
    const bytes = (await response.arrayBuffer()).byteLength;
    return { ms: performance.now() - started, status: response.status, etag: response.headers.get('etag') ?? '', bytes };
  };
  const percentile = (values: number[], p: number) =>
    [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
  const round = (ms: number) => Math.round(ms * 100) / 100;
  const { etag } = await ask();
  for (let i = 0; i < 50; i += 1) await ask(i % 2 ? etag : undefined); // warm-up
  const http: Array<Record<string, string | number>> = [];
  const measure = async (name: string, count: number, one: () => Promise<{ ms: number; status: number; bytes: number }>) => {
    const times: number[] = [];
    let last = { status: 0, bytes: 0 };
    for (let i = 0; i < count; i += 1) {
      const result = await one();
      times.push(result.ms);
      last = result;
    }
    http.push({
      path: name,
      requests: count,
      status: last.status,
      'body bytes (decoded)': last.bytes,
      'mean ms': round(times.reduce((a, b) => a + b, 0) / count),
      'p50 ms': round(percentile(times, 0.5)),
      'p95 ms': round(percentile(times, 0.95)),
    });
  };
  await measure('rebuilt (kept answer dropped)', 40, async () => {
    await bench.built.ctx.cache.publish(languageTextsTopic);
    return ask();
  });
  await measure('kept (200)', 300, () => ask());
  await measure('revalidated (304)', 300, () => ask(etag));
  console.table(http);
} finally {
  await bench.built.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
