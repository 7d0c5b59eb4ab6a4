// A clone built before `npm ci` (issue 37): the build says what to run, not "sh: 1: bun: not found".
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT, runProcess, tempDir } from '../helpers.js';

it('npm run build without npm ci names npm ci && npm run build', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  expect(pkg.scripts.prebuild).toBe('node scripts/need-deps.mjs');
  expect(pkg.scripts['prebuild:bin']).toBe('node scripts/need-deps.mjs');
  // The script in a clone's layout with no node_modules.
  const clone = tempDir();
  mkdirSync(join(clone, 'scripts'));
  copyFileSync(join(ROOT, 'scripts', 'need-deps.mjs'), join(clone, 'scripts', 'need-deps.mjs'));
  const r = runProcess(process.execPath, [join(clone, 'scripts', 'need-deps.mjs')], { cwd: clone });
  expect(r).toMatchObject({ code: 1, stdout: '', stderr: 'memcue: the build tools are not installed in this clone (no node_modules/.bin/bun); run: npm ci && npm run build\n' });
  // In this checkout (set up) it lets the build run.
  expect(runProcess(process.execPath, [join(ROOT, 'scripts', 'need-deps.mjs')], { cwd: ROOT }).code).toBe(0);
});
