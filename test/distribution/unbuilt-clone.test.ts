// A clone built before `npm ci` (issue 37): the build says what to run, not "sh: 1: bun: not found".
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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

it('npx memcue in a clone with nothing set up names npm ci && npm run build; after npm ci alone, npm run build', () => {
  const clone = tempDir();
  mkdirSync(join(clone, 'bin'));
  copyFileSync(join(ROOT, 'bin', 'memcue.js'), join(clone, 'bin', 'memcue.js'));
  writeFileSync(join(clone, 'package.json'), '{"type":"module"}');
  mkdirSync(join(clone, 'src')); // a clone, not the published launcher (which has neither src/ nor node_modules)
  const launch = () => runProcess(process.execPath, [join(clone, 'bin', 'memcue.js'), '--help'], { cwd: clone });
  expect(launch()).toMatchObject({ code: 1, stdout: '', stderr: 'memcue: this clone is not set up yet (no node_modules, no dist/memcue); run `npm ci && npm run build` in it, then try again\n' });
  mkdirSync(join(clone, 'node_modules'));
  expect(launch()).toMatchObject({ code: 1, stdout: '', stderr: 'memcue: this copy is not built yet (no dist/memcue); run `npm run build` in it, then try again\n' });
});
