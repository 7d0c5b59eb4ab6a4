// The npm launcher in a clone that was never built (`npm ci` alone, no dist/): one line naming the
// build command and exit 1, not Node's module-resolution stack.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { BUNDLE, runProcess, tempDir } from '../helpers.js';

it('says to run `npm run build` when dist/ is missing', () => {
  const clone = tempDir();
  mkdirSync(join(clone, 'bin'));
  copyFileSync(BUNDLE, join(clone, 'bin', 'memcue.js'));
  mkdirSync(join(clone, 'node_modules')); // `npm ci` ran (without it the line names both steps: test/distribution/unbuilt-clone.test.ts)
  const r = runProcess(process.execPath, [join(clone, 'bin', 'memcue.js'), '--help'], { env: { PATH: process.env.PATH ?? '' } });
  expect(r.code).toBe(1);
  expect(r.stdout).toBe('');
  expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^memcue: .*not built.*npm run build/)]);
});
