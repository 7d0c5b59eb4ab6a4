// Bar structure-one-lock: SQLite's own locks are the only lock protocol. An add and a search (both
// ways: through the search file and through SQLite) touch no file of the lock scheme memcue had
// before (`<db>.lock`, `<db>.pending`, `<db>.reader-*`), and the add's locks are SQLite's byte-range
// locks on the database itself; seen with strace on the real binary.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINARY, isolatedEnv, runProcess, tempDir } from '../helpers.js';

const haveStrace = spawnSync('strace', ['-f', '-o', '/dev/null', 'true'], { stdio: 'ignore' }).status === 0;

/** The trace of `args`, its system calls that name a path or take a lock. */
function traced(env: Record<string, string>, args: string[]): string[] {
  const trace = join(tempDir(), 'trace');
  const r = runProcess('strace', ['-f', '-y', '-e', 'trace=%file,fcntl', '-o', trace, BINARY, ...args], { env });
  expect([r.code, r.stderr]).toEqual([0, '']);
  return readFileSync(trace, 'utf8').split('\n');
}

const OLD_MARKERS = /\.db\.(lock|pending|reader-)/;
const SQLITE_LOCK = /fcntl\(\d+<[^>]*memcue\.db>, F_SETLK, \{l_type=F_(RD|WR)LCK, l_whence=SEEK_SET, l_start=107374182[46]/;

describe.skipIf(!haveStrace || process.platform !== 'linux')('one lock protocol', () => {
  it('an add and a search touch no lock file of memcue\u2019s; the add takes SQLite\u2019s locks on the database', () => {
    const env = isolatedEnv();
    expect(runProcess(BINARY, ['add', 'the first fact makes the file'], { env }).code).toBe(0);
    const add = traced(env, ['add', 'the API listens on 8443']);
    expect(add.filter((l) => OLD_MARKERS.test(l))).toEqual([]);
    expect(add.some((l) => SQLITE_LOCK.test(l))).toBe(true);
    const viaFile = traced(env, ['search', 'API', '8443']);
    expect(viaFile.filter((l) => OLD_MARKERS.test(l))).toEqual([]);
    rmSync(`${env.MEMCUE_DB}.search`, { force: true });
    rmSync(`${env.MEMCUE_DB}.search-delta`, { force: true });
    const viaSqlite = traced(env, ['search', 'API', '8443']);
    expect(viaSqlite.filter((l) => OLD_MARKERS.test(l))).toEqual([]);
    expect(viaSqlite.some((l) => SQLITE_LOCK.test(l))).toBe(true); // the read's SHARED lock
  });
});
