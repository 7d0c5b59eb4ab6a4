import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // What the CLI does first, for the tests that run src/ in-process (test/setup.ts).
    setupFiles: ['test/setup.ts'],
    // A guard against a hung test, not a speed budget: the process-level tests (real binaries, real
    // git) take minutes on a loaded 2-core machine, and a slow pass is still a pass.
    testTimeout: 600_000,
    // Process-level tests spawn hundreds of binaries; two cores are enough for two files at once.
    maxWorkers: 2,
    // On CI also a JSON report, from which .ci/run prints a plain "N passed, N failed" line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'dist/vitest-report.json' },
    // The in-process tests run src/ under Node, which cannot take file locks: the store opens there
    // only with this, one process alone on its test files (src/locks/native-locks.ts). Every test
    // of two processes on one file runs the compiled binary. Not inherited by the binaries the
    // tests start (they get isolatedEnv()). Every bun a test starts (a build, a TypeScript file)
    // inherits BUN_RUNTIME_TRANSPILER_CACHE_PATH: no transpiler cache in the user's $HOME/.bun (tests
    // leave the home alone; test/distribution/home-untouched.test.ts).
    env: { MEMCUE_IN_PROCESS_TESTS: '1', BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0' },
  },
});
