// Another program's trigger on memcue's tables (trigger-guard.ts, store.ts's read-back): a trigger
// that deletes or changes what memcue writes must never cost an acknowledged add. A write refuses
// while such a trigger is there (one line saying which and how to drop it), a write reads back what
// it wrote before it commits, and doctor lists the trigger. The trigger is made by Python's sqlite3
// (native SQLite), as a script or DB Browser would.
import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { workspace } from '../helpers.js';

const hasPython = spawnSync('python3', ['-c', 'import sqlite3'], { stdio: 'ignore' }).status === 0;
if (!hasPython) console.log('SKIP foreign-trigger tests: no python3 with sqlite3');

function sql(db: string, statement: string): void {
  execFileSync('python3', ['-c', 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit()', db, statement]);
}

async function memory() {
  const ws = workspace();
  const first = await ws.run(['add', 'The staging cluster runs in eu-west']);
  expect(first.code).toBe(0);
  return { ...ws, db: ws.env.MEMCUE_DB!, first: first.stdout.trim() };
}

const TRIGGERS = {
  'deletes each new facts row': 'CREATE TRIGGER evil_del AFTER INSERT ON facts BEGIN DELETE FROM facts WHERE rowid = NEW.rowid; END',
  'deletes each new head': 'CREATE TRIGGER evil_heads AFTER INSERT ON heads BEGIN DELETE FROM heads WHERE id = NEW.id; END',
  'points each new head elsewhere': 'CREATE TRIGGER evil_upd AFTER INSERT ON heads BEGIN UPDATE heads SET fact_row = 1 WHERE id = NEW.id; END',
};

describe.skipIf(!hasPython)('another program’s trigger on memcue’s tables', () => {
  for (const [what, trigger] of Object.entries(TRIGGERS)) {
    it(`a trigger that ${what}: add refuses in one line, nothing is acknowledged that is not stored`, async () => {
      const ws = await memory();
      sql(ws.db, trigger);
      const name = /TRIGGER (\w+)/.exec(trigger)![1]!;
      const r = await ws.run(['add', 'Never deploy on Fridays']);
      expect(r.stdout).toBe('');
      expect(r.code).toBe(1);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(new RegExp(`trigger ${name} on (facts|heads).*DROP TRIGGER ${name}`));
      expect(r.stderr).not.toMatch(/internal error/);
      // Reads still work, and show what is stored.
      expect((await ws.run(['show', ws.first])).stdout).toContain('eu-west');
      expect((await ws.run(['list'])).stdout).not.toContain('Fridays');

      const doctor = await ws.run(['doctor']);
      expect(doctor.code).toBe(3);
      expect(doctor.stdout).toMatch(new RegExp(`trigger ${name} on (facts|heads)`));

      sql(ws.db, `DROP TRIGGER ${name}`);
      const again = await ws.run(['add', 'Never deploy on Fridays']);
      expect(again.code).toBe(0);
      expect((await ws.run(['show', again.stdout.trim()])).stdout).toContain('Never deploy on Fridays');
    });
  }

  it('every kind of write refuses while the trigger is there (import, edit, forget)', async () => {
    const ws = await memory();
    sql(ws.db, TRIGGERS['deletes each new facts row']);
    for (const argv of [['edit', ws.first, 'The staging cluster runs in us-east'], ['forget', ws.first]]) {
      const r = await ws.run(argv);
      expect(r.code, argv[0]).toBe(1);
      expect(r.stderr).toMatch(/trigger evil_del on facts/);
    }
    expect((await ws.run(['show', ws.first])).stdout).toContain('eu-west');
  });
});
