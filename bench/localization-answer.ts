// What the user receives for texts (issue 19, ADR 0017): per culture, the application-localization
// answer an ABP client reads (every resource) and the SPA's (compiledMessages=true: the product's
// resources, non-simple messages compiled), as JSON and compressed (brotli quality 2 as the server
// compresses other answers on the fly; brotli 11 and gzip 9 as the answer is kept, with brotli 11's
// time), and how long compiling a culture's messages takes cold. Then,
// against the real app (PGlite, seeded, in this process, anonymous requests in sequence over one
// keep-alive connection, Accept-Encoding br as a browser sends it, or gzip only), what one request of
// the SPA's answer costs and how many bytes it sends: rebuilt (its kept answer dropped, as after a
// text edit), kept (200, the whole body), and revalidated (If-None-Match with the current ETag: 304).
// Figures, never pass/fail. Run: node_modules/.bin/node bench/localization-answer.ts
import fs from 'node:fs';
import { Agent, request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { withCompiledMessages } from '../server/localization/compiled.ts';
import { resourceTexts } from '../server/localization/index.ts';
import { keptBrotliQuality, keptGzipLevel } from '../server/modules/language-management/localization-answer.ts';

const kb = (bytes: number) => Math.round(bytes / 100) / 10;
const brotliAt = (text: string, quality: number) =>
  zlib.brotliCompressSync(text, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text) },
  });
/** Size and best time of three of an encoding. */
const encode = (make: () => Buffer) => {
  let best = Infinity;
  let size = 0;
  for (let i = 0; i < 3; i += 1) {
    const started = performance.now();
    size = make().length;
    best = Math.min(best, performance.now() - started);
  }
  return { kb: kb(size), ms: Math.round(best * 10) / 10 };
};
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
  // On the fly (brotli 2, app.ts) against what is kept with the answer (brotli 11, gzip 9).
  const abp2 = encode(() => brotliAt(abpBody, 2));
  const abp11 = encode(() => brotliAt(abpBody, keptBrotliQuality));
  const spa2 = encode(() => brotliAt(spaBody, 2));
  const spa11 = encode(() => brotliAt(spaBody, keptBrotliQuality));
  rows.push({
    culture,
    'ABP client KB': kb(abpBody.length),
    'ABP br2 KB': abp2.kb,
    'ABP br11 KB': abp11.kb,
    'ABP br11 ms': abp11.ms,
    'ABP gzip9 KB': kb(zlib.gzipSync(abpBody, { level: keptGzipLevel }).length),
    'SPA KB': kb(spaBody.length),
    'SPA br2 KB': spa2.kb,
    'SPA br11 KB': spa11.kb,
    'SPA br11 ms': spa11.ms,
    'SPA gzip9 KB': kb(zlib.gzipSync(spaBody, { level: keptGzipLevel }).length),
    'compile ms (cold)': Math.round(compileMs * 10) / 10,
  });
}
console.table(rows);

// The HTTP paths, on the real app.
const { startBenchApp } = await import('./bench-app.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-localization-'));
const bench = await startBenchApp({ dataDir });
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
try {
  const { url } = await bench.listen();
  const { languageTextsTopic } = await import('../server/modules/language-management/overrides.ts');
  const answerUrl = `${url}/api/abp/application-localization?cultureName=fr&compiledMessages=true`;
  // node:http, not fetch: fetch would decode the body and hide the encoding and the bytes sent.
  const ask = (etag?: string, acceptEncoding = 'br') => {
    const started = performance.now();
    return new Promise<{ ms: number; status: number; etag: string; bytes: number; decoded: number; encoding: string }>(
      (resolve, reject) => {
        const headers = { 'accept-encoding': acceptEncoding, ...(etag ? { 'if-none-match': etag } : {}) };
        request(answerUrl, { agent, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const body = Buffer.concat(chunks);
            const encoding = String(response.headers['content-encoding'] ?? 'identity');
            const decoded = encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;
            resolve({
              ms: performance.now() - started,
              status: response.statusCode ?? 0,
              etag: String(response.headers.etag ?? ''),
              bytes: body.length,
              decoded: decoded.length,
              encoding,
            });
          });
        })
          .on('error', reject)
          .end();
      },
    );
  };
  const percentile = (values: number[], p: number) =>
    [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
  const round = (ms: number) => Math.round(ms * 100) / 100;
  const { etag } = await ask();
  for (let i = 0; i < 50; i += 1) await ask(i % 2 ? etag : undefined); // warm-up
  const http: Array<Record<string, string | number>> = [];
  const measure = async (
    name: string,
    count: number,
    one: () => Promise<{ ms: number; status: number; bytes: number; decoded: number; encoding: string }>,
  ) => {
    const times: number[] = [];
    let last = { status: 0, bytes: 0, decoded: 0, encoding: '' };
    for (let i = 0; i < count; i += 1) {
      const result = await one();
      times.push(result.ms);
      last = result;
    }
    http.push({
      path: name,
      requests: count,
      status: last.status,
      encoding: last.encoding,
      'body bytes sent': last.bytes,
      'body bytes (decoded)': last.decoded,
      'mean ms': round(times.reduce((a, b) => a + b, 0) / count),
      'p50 ms': round(percentile(times, 0.5)),
      'p95 ms': round(percentile(times, 0.95)),
    });
  };
  // Between two rebuilds, time for the kept answer's brotli 11 (made off the request path) to finish,
  // as between two text edits: it is not what the rebuilt request waits for.
  await measure('rebuilt (kept answer dropped)', 40, async () => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await bench.built.ctx.cache.publish(languageTextsTopic);
    return ask();
  });
  await measure('kept (200), br', 300, () => ask());
  await measure('kept (200), gzip', 300, () => ask(undefined, 'gzip'));
  await measure('revalidated (304)', 300, () => ask(etag));
  console.table(http);
} finally {
  agent.destroy();
  await bench.built.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
