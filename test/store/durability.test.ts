// A commit memcue acknowledges is on the disk: SQLite's syncs (journal, database, folder) must reach
// the file system. Emscripten's NODERAWFS answered them with "done" and synced nothing
// (src/sqlite/file-syscalls.ts reroutes them to fsync); seen here with strace on the real binary and
// the Node bundle, naming each synced file (`-y`).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINARY, BUNDLE, isolatedEnv, runProcess, tempDir } from '../helpers.js';

const haveStrace = spawnSync('strace', ['-f', '-o', '/dev/null', 'true'], { stdio: 'ignore' }).status === 0;
if (!haveStrace) console.log('skipped: the fsync test (strace is not installed or may not trace here)');

const runtimes: [string, string, string[]][] = [
  ['the binary', BINARY, []],
  ['the Node bundle', process.execPath, [BUNDLE]],
];

describe.skipIf(!haveStrace)('durability', () => {
  for (const [name, command, prefix] of runtimes) {
    it(`${name}: an add syncs the journal, the database and its folder before it answers`, () => {
      const env = isolatedEnv();
      const db = env.MEMCUE_DB!;
      expect(runProcess(command, [...prefix, 'add', 'the first fact makes the file'], { env }).code).toBe(0);
      const trace = join(tempDir(), 'trace');
      const r = runProcess('strace', ['-f', '-y', '-e', 'trace=fsync,fdatasync', '-o', trace, command, ...prefix, 'add', 'the API listens on 8443'], { env });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const synced = readFileSync(trace, 'utf8').split('\n').filter((l) => /f(data)?sync\(/.test(l) && l.includes('= 0'));
      const named = (path: string) => synced.some((l) => l.includes(`<${path}>`));
      expect(named(db), `database synced:\n${synced.join('\n')}`).toBe(true);
      expect(named(`${db}-journal`), 'journal synced').toBe(true);
      expect(named(join(db, '..')), 'folder synced').toBe(true);
    });
  }
});
