// `npm run bench`: every benchmark, one table each. Figures, never pass/fail: see bench/README.md.
import { startupBenchmark } from './startup.ts';

console.log(`Node ${process.version}, ${(await import('node:os')).cpus().length} cores`);
console.log('\nStart-up (PGlite, demo seed)');
console.table(await startupBenchmark());
