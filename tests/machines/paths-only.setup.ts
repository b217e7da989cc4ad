// Setup file of vitest.mutation-paths.config.ts: every test but the generated model paths is skipped
// (issue 21: the mutation score of the generated paths alone, hand-written examples excluded). A
// generated path test is one of a describeReferencePaths suite.
import { beforeEach } from 'vitest';

const suiteName = 'model paths, checked against the reference';

beforeEach((context) => {
  let suite = context.task.suite;
  while (suite) {
    if (suite.name.endsWith(suiteName)) return;
    suite = suite.suite;
  }
  context.skip();
});
