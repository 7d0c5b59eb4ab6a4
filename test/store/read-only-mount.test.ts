// A memory on a read-only mount, owned by root and read by another user (nobody): no reader file,
// no lock file, no search file can be made beside it. Every read still answers from the file, under
// the compiled binary, which holds SQLite's SHARED lock for the read and copies nothing into TMPDIR;
// the session-start hook gives the card with its facts.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINARY, isolatedEnv, tempDir } from '../helpers.js';
import { canMount, readOnly, smallDisk } from '../small-disk.js';
import { canRunAsNobody } from './other-user.js';

const START = JSON.stringify({ session_id: 's', cwd: '/', hook_event_name: 'SessionStart', source: 'startup' });

/** A folder nobody may use as HOME or TMPDIR. */
function open(): string {
  const dir = tempDir();
  chmodSync(dir, 0o777);
  return dir;
}

/** The binary where nobody can run it (the checkout may sit in a 0700 folder). */
function binaryForNobody(): string {
  const dir = tempDir();
  chmodSync(dir, 0o755);
  copyFileSync(BINARY, join(dir, 'memcue'));
  chmodSync(join(dir, 'memcue'), 0o755);
  return dir;
}

describe.skipIf(!canMount || !canRunAsNobody || !existsSync(BINARY))('a read-only mount read by another user', () => {
  it('the binary answers list, search, card, stats, doctor and the hook; no copy stays behind', () => {
    const disk = smallDisk(4096);
    chmodSync(disk, 0o755);
    const db = join(disk, 'memcue.db');
    const bin = binaryForNobody();
    const env = { ...isolatedEnv(tempDir()), MEMCUE_DB: db };
    for (const [args, text] of [[['--kind', 'rule', '--scope', 'global'], 'Never deploy on Fridays'], [[], 'The staging cluster runs in eu-west']] as const) {
      expect(spawnSync(join(bin, 'memcue'), ['add', ...args, text], { env }).status).toBe(0);
    }
    chmodSync(db, 0o644);
    readOnly(disk);
    const home = open();
    const tmp = open();
    const asNobody = (reader: string[], argv: string[], stdin?: string) => {
      const r = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', ...reader, ...argv], {
        env: { ...isolatedEnv(home), MEMCUE_DB: db, TMPDIR: tmp },
        cwd: home,
        input: stdin,
        encoding: 'utf8',
        timeout: 60_000,
      });
      return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
    };
    for (const reader of [[join(bin, 'memcue')]]) {
      const what = reader.at(-1)!;
      for (const [argv, expected] of [[['list'], 'eu-west'], [['search', 'staging'], 'eu-west'], [['card'], 'Never deploy on Fridays'], [['stats'], 'facts:    2'], [['doctor'], 'integrity ok']] as const) {
        const r = asNobody(reader, [...argv]);
        expect(r.code, `${what} ${argv[0]}: ${r.stderr}`).toBe(0);
        expect(r.stdout, `${what} ${argv[0]}`).toContain(expected);
      }
      const hook = asNobody(reader, ['hook', 'claude', 'session-start'], START);
      expect(hook.code).toBe(0);
      expect(hook.stdout, what).toContain('Never deploy on Fridays');
    }
    expect(readdirSync(tmp).filter((name) => name.startsWith('memcue-'))).toEqual([]);
  }, 120_000);
});
