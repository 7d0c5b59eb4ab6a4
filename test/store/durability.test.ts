// A commit memcue acknowledges is on the disk: SQLite's syncs (journal, database, folder) must reach
// the file system. Emscripten's NODERAWFS answered them with "done" and synced nothing
// (memcue reroutes them to fsync); seen here with strace on the real binary and the npm entry
// (bin/memcue.js), naming each synced file (`-y`).
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

  // The commit point is the journal's unlink; until the folder is synced after it, a power cut can
  // bring the journal back, hot, and roll back a write memcue acknowledged (synchronous=EXTRA).
  for (const [name, command, prefix] of runtimes) {
    for (const argv of [['add', 'the API listens on 8443'], ['edit', 'ID', 'the API listens on 9443'], ['forget', 'ID']]) {
      it(`${name}: ${argv[0]} syncs the folder after the journal is unlinked, before it answers`, () => {
        const env = isolatedEnv();
        const db = env.MEMCUE_DB!;
        const first = runProcess(command, [...prefix, 'add', 'the first fact makes the file'], { env });
        expect(first.code).toBe(0);
        const trace = join(tempDir(), 'trace');
        const args = argv.map((a) => (a === 'ID' ? first.stdout.trim() : a));
        const r = runProcess('strace', ['-f', '-y', '-e', 'trace=fsync,fdatasync,unlink,unlinkat,write', '-o', trace, command, ...prefix, ...args], { env });
        expect(r.code).toBe(0);
        const lines = readFileSync(trace, 'utf8').split('\n');
        const unlinked = lines.map((l, i) => (/unlink(at)?\(.*-journal"/.test(l) && l.includes('= 0') ? i : -1)).reduce((a, b) => Math.max(a, b), -1);
        expect(unlinked, 'the journal is unlinked').toBeGreaterThan(-1);
        const folder = join(db, '..');
        const syncedAfter = lines.slice(unlinked).findIndex((l) => /f(data)?sync\(/.test(l) && l.includes(`<${folder}>`) && l.includes('= 0'));
        expect(syncedAfter, `folder synced after the unlink:\n${lines.slice(unlinked).join('\n')}`).toBeGreaterThan(-1);
        // …and before the answer is written to stdout (fd 1).
        const answered = lines.slice(unlinked).findIndex((l) => /write\(1</.test(l));
        if (answered >= 0) expect(syncedAfter).toBeLessThan(answered);
      });
    }
  }
});
