// Regenerates the generated documentation: docs/api/openapi.json from the route schemas,
// docs/lookups.md from the lookup catalogue, docs/machines/*.md and the machine site docs/site/ (scripts/machine-site.ts).
// With --check it writes nothing and fails when a file is stale. Either way it fails when a machine's generated paths
// leave a state or transition uncovered without a reason in its model.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { generateLookupDocs } from './lookup-docs.ts';
import { collectMachines, generateMachineDocs } from './machine-docs.ts';
import { coverageGaps, generateMachineSite, siteDir } from './machine-site.ts';

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

const machines = await collectMachines();
const files = new Map<string, string>([
  ['docs/api/openapi.json', await openApiDocument()],
  generateLookupDocs(),
  ...generateMachineDocs(machines),
  ...(await generateMachineSite(machines)),
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
// A page of the site whose machine is gone is stale too.
const siteRoot = path.join(root, siteDir);
if (fs.existsSync(siteRoot))
  for (const name of fs.readdirSync(siteRoot).sort()) {
    const relative = `${siteDir}/${name}`;
    if (files.has(relative)) continue;
    if (check) stale.push(`${relative} (no longer generated)`);
    else {
      fs.rmSync(path.join(siteRoot, name), { recursive: true, force: true });
      console.log(`removed ${relative}`);
    }
  }
if (stale.length) {
  console.error(`Generated docs are stale; run "npm run docs" and commit:\n  ${stale.join('\n  ')}`);
  process.exit(1);
}
const gaps = coverageGaps(machines);
if (gaps.length) {
  console.error(
    `Machines under full coverage by their generated paths (add paths, or say in the model's \`unreachable\` why):\n  ${gaps.join('\n  ')}`,
  );
  process.exit(1);
}
if (check) console.log(`${files.size} generated document(s) are current`);
