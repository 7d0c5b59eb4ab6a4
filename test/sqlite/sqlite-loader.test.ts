// Setting SQLite's WASM up (src/sqlite/sqlite-loader.ts): whatever fails while the module is compiled
// and instantiated, or while its syscalls are routed to the native locks, ends the command with one
// line and a non-zero exit. Before, a throw inside Emscripten's instantiateWasm callback was caught
// and printed by Emscripten at best, and the command then exited 0 having done nothing (the compiled
// binary), or a failure after instantiation hung Bun (the npm bundle under `bunx`) or printed a stack
// trace (Node). The failures here are real modules and real refusals.
import { describe, expect, it } from 'vitest';
import { MemcueError } from '../../src/errors.js';
import { instantiateSqlite } from '../../src/sqlite/sqlite-loader.js';
import { compileWasm } from '../../src/sqlite/wasm-binary.js';

/** The smallest valid WASM module: it compiles, imports nothing and exports nothing. */
const EMPTY_WASM = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);


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
    const refusal = new MemcueError('ENGINE', "memcue cannot take SQLite's file locks on linux: the system's C library did not load");
    await expect(instantiateSqlite(wasm, () => { throw refusal; })).rejects.toBe(refusal);
    const err = await instantiateSqlite(wasm, () => { throw new Error('dlopen(libc.so.6) failed\nsecond line'); }).catch((e: unknown) => e);
    expect((err as MemcueError).message).toBe("SQLite's engine (sqlite3.wasm) could not be set up: dlopen(libc.so.6) failed");
    expect((err as Error).stack).toContain('caused by: Error: dlopen(libc.so.6) failed');
  });

  it('the real module with no native locks: set up and initialised', async () => {
    const m = await instantiateSqlite(await compileWasm(), () => undefined);
    expect(m.HEAPU8.length).toBeGreaterThan(0);
  });

  // JavaScriptCore counts the WASM memory as allocated by the process: a 16 MiB one made every add
  // collect garbage once (wasm/build.sh). It starts at 2 MiB and grows as SQLite asks.
  it('starts with a small memory that grows as SQLite needs it', async () => {
    const m = await instantiateSqlite(await compileWasm(), () => undefined);
    expect(m.HEAPU8.length).toBe(2 * 1024 * 1024);
    const big = m._malloc(8 * 1024 * 1024);
    expect(big).toBeGreaterThan(0);
    expect(m.HEAPU8.length).toBeGreaterThan(8 * 1024 * 1024);
    m.HEAPU8.fill(7, big, big + 8 * 1024 * 1024);
    expect(m.HEAPU8[big + 8 * 1024 * 1024 - 1]).toBe(7);
    m._free(big);
  });
});
