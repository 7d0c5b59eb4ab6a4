import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    // Process-level tests spawn hundreds of binaries; two cores are enough for two files at once.
    maxWorkers: 2,
    // On CI also a JSON report, from which .ci/run prints a plain "N passed, N failed" line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'dist/vitest-report.json' },
  },
});
