// Regenerates the generated documentation: docs/api/openapi.json from the route schemas,
// docs/lookups.md from the lookup catalogue, and docs/machines/*.md. With --check it writes nothing and fails when a file is stale.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { generateLookupDocs } from './lookup-docs.ts';
import { generateMachineDocs } from './machine-docs.ts';

const root = path.resolve(import.meta.dirname, '..');
const check = process.argv.includes('--check');

async function openApiDocument(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-docs-'));
  const config = loadConfig(
    { DATA_DIR: dataDir, LOG_LEVEL: 'silent', SERVE_SPA: 'false', PUBLIC_URL: 'http://localhost:44300/' },
    { secretsKey: Buffer.alloc(32, 1).toString('base64') },
  );
  const { app, close } = await buildApp({ config, logger: false });
  try {
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const files = new Map<string, string>([
  ['docs/api/openapi.json', await openApiDocument()],
  generateLookupDocs(),
  ...(await generateMachineDocs()),
]);
const stale: string[] = [];
for (const [relative, content] of files) {
  const file = path.join(root, relative);
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  if (current === content) continue;
  if (check) stale.push(relative);
  else {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    console.log(`wrote ${relative}`);
  }
}
if (stale.length) {
  console.error(`Generated docs are stale; run "npm run docs" and commit:\n  ${stale.join('\n  ')}`);
  process.exit(1);
}
if (check) console.log(`${files.size} generated document(s) are current`);
