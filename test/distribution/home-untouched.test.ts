// Tests leave the user's home alone (issue 37): each sets its own HOME for memcue, but the bun
// some tests start (to build, to run a TypeScript file) inherits the test's environment, and Bun
// keeps a transpiler cache under $HOME/.bun unless told not to (vitest.config.ts turns it off).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT, runProcess, tempDir } from '../helpers.js';

it('a bun started with the tests\' environment writes nothing into the home it is given', () => {
  const home = tempDir();
  const bun = join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'bun.exe' : 'bun');
  const r = runProcess(bun, ['build', join(ROOT, 'src', 'bin-entry.ts'), '--target=bun', '--outdir', tempDir()], { env: { ...process.env, HOME: home }, cwd: ROOT });
  expect(r.code, r.stderr).toBe(0);
  expect(readdirSync(home)).toEqual([]);
});
