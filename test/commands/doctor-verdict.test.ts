// Doctor and the writer judge a damaged file alike (issue 38, item 4): a row another program wrote
// with `PRAGMA ignore_check_constraints` breaks facts' CHECK constraints; the writer's integrity check
// refuses to write into it, so doctor (whose read-only connection SQLite's integrity_check does not
// check constraints on) must report it too.
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { checkedRecord } from '../../src/store/integrity.js';
import { describe, expect, it } from 'vitest';
import { workspace } from '../helpers.js';

const hasPython = spawnSync('python3', ['-c', 'import sqlite3'], { stdio: 'ignore' }).status === 0;

describe.skipIf(!hasPython)('doctor and the writer agree on a damaged file', () => {
  it('a row that breaks a CHECK constraint: doctor exits 3 naming it, add refuses', async () => {
    const ws = workspace();
    expect((await ws.run(['add', 'The staging cluster runs in eu-west'])).code).toBe(0);
    execFileSync('python3', ['-c', "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('pragma ignore_check_constraints=1'); c.execute(\"update facts set kind='bogus' where rowid=1\"); c.commit()", ws.env.MEMCUE_DB!]);
    const doctor = await ws.run(['doctor']);
    expect(doctor.stdout).toMatch(/integrity CHECK constraint failed in facts/);
    expect(doctor.code).toBe(3);
    const add = await ws.run(['add', 'one more']);
    expect(add.stderr).toMatch(/CHECK constraint failed in facts/);
    expect(add.code).toBe(1);
  });

  it('damage the writer had not seen (the file state as last recorded): once doctor reports it, add refuses', async () => {
    const ws = workspace();
    const db = ws.env.MEMCUE_DB!;
    expect((await ws.run(['add', 'The staging cluster runs in eu-west'])).code).toBe(0);
    execFileSync('python3', ['-c', "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('pragma ignore_check_constraints=1'); c.execute(\"update facts set kind='bogus' where rowid=1\"); c.commit()", db]);
    // As bit rot that keeps size and mtime would leave it: the record says the file is as memcue left it.
    writeFileSync(`${db}.checked`, checkedRecord(db)!);
    expect((await ws.run(['doctor'])).code).toBe(3);
    const add = await ws.run(['add', 'one more']);
    expect(add.stderr).toMatch(/is damaged .*CHECK constraint failed in facts/);
    expect(add.code).toBe(1);
  });
});
