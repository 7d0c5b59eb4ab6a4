import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A guard against a hung test, not a speed budget: the process-level tests (real binaries, real
    // git) take minutes on a loaded 2-core machine, and a slow pass is still a pass.
    testTimeout: 600_000,
    // Process-level tests spawn hundreds of binaries; two cores are enough for two files at once.
    maxWorkers: 2,
    // Every bun a test starts (a build, a TypeScript file) inherits this: no transpiler cache in the
    // user's $HOME/.bun (tests leave the home alone; test/distribution/home-untouched.test.ts).
    env: { BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0' },
    // On CI also a JSON report, from which .ci/run prints a plain "N passed, N failed" line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'dist/vitest-report.json' },
  },
});
