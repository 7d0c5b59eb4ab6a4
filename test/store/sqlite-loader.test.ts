// Setting SQLite's WASM up (src/store/sqlite-loader.ts): whatever fails while the module is compiled
// and instantiated, or while its syscalls are routed to the native locks, ends the command with one
// line and a non-zero exit. Before, a throw inside Emscripten's instantiateWasm callback was caught
// and printed by Emscripten at best, and the command then exited 0 having done nothing (the compiled
// binary), or a failure after instantiation hung Bun (the npm bundle under `bunx`) or printed a stack
// trace (Node). The failures here are real: a sqlite3.wasm that is not memcue's beside the bundle, a
// diagnostic variable set to a value memcue does not know.
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemcueError } from '../../src/errors.js';
import { instantiateSqlite } from '../../src/store/sqlite-loader.js';
import { compileWasm } from '../../src/store/wasm-binary.js';
import { BINARY, ROOT, isolatedEnv, runProcess, tempDir } from '../helpers.js';

const BUN = join(ROOT, 'node_modules', '.bin', 'bun');
const BUNDLE_JS = join(ROOT, 'dist', 'memcue.mjs');
/** The smallest valid WASM module: it compiles, imports nothing and exports nothing. */
const EMPTY_WASM = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

/** The npm bundle copied beside `wasm` as its sqlite3.wasm: what a half-updated install leaves. */
function bundleBeside(wasm: Buffer): string {
  const dir = tempDir();
  copyFileSync(BUNDLE_JS, join(dir, 'memcue.mjs'));
  writeFileSync(join(dir, 'sqlite3.wasm'), wasm);
  return join(dir, 'memcue.mjs');
}

/** One line on stderr, exit 1, nothing on stdout: the shape of every refusal. */
function expectOneLine(r: { code: number; stdout: string; stderr: string }, pattern: RegExp): void {
  expect(r.stdout).toBe('');
  expect(r.stderr.trimEnd().split('\n'), r.stderr).toHaveLength(1);
  expect(r.stderr.trimEnd()).toMatch(pattern);
  expect(r.code).toBe(1);
}

describe('instantiateSqlite, in this process', () => {
  it('a module that is not memcue\u2019s SQLite: rejects in one line saying to reinstall', async () => {
    const err = await instantiateSqlite(new WebAssembly.Module(EMPTY_WASM), () => undefined).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MemcueError);
    expect((err as MemcueError).code).toBe('ENGINE');
    expect((err as MemcueError).message).toMatch(/^SQLite's engine \(sqlite3\.wasm\) could not be set up: \S/);
    expect((err as MemcueError).hint).toMatch(/reinstall memcue/);
  });

  it('the native locks failing while the syscalls are routed: rejects, with our refusal as it is and anything else as the engine\u2019s', async () => {
    const wasm = await compileWasm();
    const refusal = new MemcueError('USAGE', 'MEMCUE_NATIVE_LOCKS=lokf is not a value memcue knows');
    await expect(instantiateSqlite(wasm, () => { throw refusal; })).rejects.toBe(refusal);
    const err = await instantiateSqlite(wasm, () => { throw new Error('dlopen(libc.so.6) failed\nsecond line'); }).catch((e: unknown) => e);
    expect((err as MemcueError).message).toBe("SQLite's engine (sqlite3.wasm) could not be set up: dlopen(libc.so.6) failed");
    expect((err as Error).stack).toContain('caused by: Error: dlopen(libc.so.6) failed');
  });

  it('the real module with no native locks: set up and initialised', async () => {
    const m = await instantiateSqlite(await compileWasm(), () => undefined);
    expect(m.HEAPU8.length).toBeGreaterThan(0);
  });
});

describe.skipIf(!existsSync(BINARY))('the compiled binary', () => {
  it('refuses an unknown MEMCUE_NATIVE_LOCKS in one line naming the accepted values; the database is untouched', () => {
    const env = isolatedEnv();
    expect(runProcess(BINARY, ['add', 'a fact before the typo'], { env }).code).toBe(0);
    const before = readFileSync(env.MEMCUE_DB!);
    for (const args of [['list'], ['add', 'a fact typed under a typo']]) {
      const r = runProcess(BINARY, args, { env: { ...env, MEMCUE_NATIVE_LOCKS: 'lokf' } });
      expectOneLine(r, /^memcue: MEMCUE_NATIVE_LOCKS=lokf is not a value memcue knows \(.*0.*fcntl.*lockf.*\)$/);
    }
    expect(readFileSync(env.MEMCUE_DB!).equals(before)).toBe(true);
    const debug = runProcess(BINARY, ['list'], { env: { ...env, MEMCUE_NATIVE_LOCKS: 'lokf', MEMCUE_DEBUG: '1' } });
    expect(debug.code).toBe(1);
    expect(debug.stderr).toMatch(/\n\s+at /); // the stack, asked for
  });

  it('takes every accepted value', () => {
    const env = isolatedEnv();
    for (const value of ['', '0', 'lockf', ...(process.platform === 'linux' ? ['fcntl'] : [])]) {
      const r = runProcess(BINARY, ['add', `a fact with the locks at "${value}"`], { env: { ...env, MEMCUE_NATIVE_LOCKS: value } });
      expect([r.code, r.stderr]).toEqual([0, '']);
    }
    expect(runProcess(BINARY, ['list'], { env }).stdout.split('\n').filter(Boolean)).toHaveLength(process.platform === 'linux' ? 4 : 3);
  });
});

describe.skipIf(!existsSync(BUNDLE_JS))('the npm bundle beside a sqlite3.wasm that is not memcue\u2019s', () => {
  const runtimes = [
    { name: 'Node', command: process.execPath },
    ...(existsSync(BUN) ? [{ name: 'Bun (bunx memcue)', command: BUN }] : []),
  ];
  for (const { name, command } of runtimes) {
    it(`under ${name}: one line saying to reinstall, exit 1, no hang`, () => {
      const env = isolatedEnv();
      expect(runProcess(BINARY, ['add', 'a fact the bundle cannot read'], { env }).code).toBe(0);
      const before = readFileSync(env.MEMCUE_DB!);
      const bundle = bundleBeside(EMPTY_WASM);
      const r = runProcess(command, [bundle, 'list'], { env });
      expectOneLine(r, /^memcue: SQLite's engine \(sqlite3\.wasm\) could not be set up: .*reinstall memcue/);
      const truncated = runProcess(command, [bundleBeside(readFileSync(join(ROOT, 'dist', 'sqlite3.wasm')).subarray(0, 1000)), 'add', 'x y z'], { env });
      expectOneLine(truncated, /^memcue: SQLite's engine \(sqlite3\.wasm\) could not be set up: .*reinstall memcue/);
      expect(readFileSync(env.MEMCUE_DB!).equals(before)).toBe(true);
    }, 120_000);
  }
});
