// A Vitest reporter for npm test's timing summary: one JSON line per test file with its whole time
// (environment, harness, import, setup file, hooks and tests), which the JSON reporter's per-file
// times leave out (they count tests only). The file goes where FILE_TIMING_OUTPUT names.
import fs from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

export default class FileTimingReporter implements Reporter {
  onTestModuleEnd(testModule: TestModule): void {
    const output = process.env.FILE_TIMING_OUTPUT;
    if (!output) return;
    const d = testModule.diagnostic();
    const seconds = (d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration) / 1000;
    fs.appendFileSync(output, `${JSON.stringify({ file: testModule.moduleId, project: testModule.project.name, seconds })}\n`);
  }
}
