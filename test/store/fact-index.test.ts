// The index keeps no copy of its terms (schema v5): a row leaves it with the terms it was added with,
// made again from its facts row. Another program may change or delete facts rows in place (the
// sqlite3 shell here, as DB Browser or a script would); memcue's next write must take such rows out
// with the terms they had, or the index keeps postings no fact holds and the search file (which
// counts the live facts) can never be built again. After each such write the index equals the facts,
// FTS5's integrity-check passes, and the search file answers as SQLite does.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openLiveIndex } from '../../src/snapshot/files.js';
import { Database } from '../../src/sqlite/sqlite.js';
import { cli, workspace } from '../helpers.js';
import { indexDifferences } from './index-state.js';

const hasSqlite3 = spawnSync('sqlite3', ['-version'], { stdio: 'ignore' }).status === 0;
if (!hasSqlite3) console.log('SKIP tests of another program editing facts in place: no sqlite3 shell (apt-get install sqlite3)');

const QUERIES = ['deploy staging', 'canary rollout', 'vault tokens', 'image nightly', 'PRs review', 'cache'];

async function memory() {
  const ws = workspace();
  const ids: Record<string, string> = {};
  const facts = {
    edited: 'Deploys go through the staging cluster first',
    deleted: 'Tokens rotate monthly; they live in the vault',
    forgotten: 'The VM image is built nightly by the image job',
    older: 'Prefer small PRs; review them within a day',
    kept: 'The build cache is cleared on Fridays',
  };
  for (const [name, text] of Object.entries(facts)) {
    const r = await ws.run(['add', '--scope', 'global', text]);
    expect(r.code).toBe(0);
    ids[name] = r.stdout.trim();
  }
  // `older` gets a second version: its first row is superseded, in no index.
  expect((await ws.run(['edit', ids.older!, 'Prefer small PRs; review them within two days'])).code).toBe(0);
  await ws.run(['search', 'deploy']); // the search file is built
  return { ...ws, db: ws.env.MEMCUE_DB!, ids };
}

/** SQL run by the sqlite3 shell: another program, with its own SQLite (3.40 here). */
function sqlite3(db: string, sql: string): string {
  return execFileSync('sqlite3', [db, sql], { encoding: 'utf8' });
}

const headRow = (id: string) => `(SELECT fact_row FROM heads WHERE id = '${id}')`;

async function expectIndexOfFacts(db: string): Promise<void> {
  const d = await Database.open(db);
  try {
    expect(indexDifferences(d)).toEqual([]);
  } finally {
    d.close();
  }
}

/** Every query answers the same through the search file as through SQLite. */
async function expectSameAnswers(ws: Awaited<ReturnType<typeof memory>>): Promise<void> {
  for (const q of QUERIES) {
    const withFile = await ws.run(['search', '--in', 'all', '--json', q]);
    expect(openLiveIndex(ws.db), q).toBeDefined();
    const plain = await cli(['search', '--in', 'all', '--json', q], { env: { ...ws.env, MEMCUE_SEARCH_FILE: '0' }, cwd: ws.cwd });
    expect(withFile.stdout, q).toBe(plain.stdout);
  }
}

describe('the index without a copy of its terms', () => {
  it("stays the facts' index through memcue's own adds, edits and forgets", async () => {
    const ws = await memory();
    expect((await ws.run(['edit', ws.ids.edited!, 'Deploys go through staging, then a canary rollout'])).code).toBe(0);
    expect((await ws.run(['forget', ws.ids.forgotten!])).code).toBe(0);
    expect((await ws.run(['edit', ws.ids.kept!, '--kind', 'gotcha'])).code).toBe(0);
    await expectIndexOfFacts(ws.db);
    await expectSameAnswers(ws);
  });

  describe.skipIf(!hasSqlite3)('after another program changed facts rows in place', () => {
    /** Rows changed and deleted in place by the sqlite3 shell, none of memcue's code involved. */
    function changeInPlace(ws: Awaited<ReturnType<typeof memory>>): void {
      const { ids } = ws;
      sqlite3(
        ws.db,
        `UPDATE facts SET text = 'Deploys go through a canary rollout now' WHERE rowid = ${headRow(ids.edited!)};
         UPDATE facts SET text = 'Deploys went out twice' WHERE rowid = ${headRow(ids.edited!)};
         DELETE FROM facts WHERE rowid = ${headRow(ids.deleted!)};
         UPDATE facts SET state = 'forgotten' WHERE rowid = ${headRow(ids.forgotten!)};
         UPDATE facts SET text = 'Prefer large PRs' WHERE id = '${ids.older}' AND version = 1;`,
      );
      // The triggers ran inside the shell: each changed row is recorded as it was first.
      expect(sqlite3(ws.db, 'SELECT text FROM facts_changed_in_place ORDER BY row').trim().split('\n')).toEqual([
        'Deploys go through the staging cluster first',
        'Tokens rotate monthly; they live in the vault',
        'The VM image is built nightly by the image job',
        'Prefer small PRs; review them within a day',
      ]);
    }

    it.each([
      ['an add of another fact', () => ['add', '--scope', 'global', 'Canary rollouts take an hour']],
      ['an edit of the fact changed in place', (ids: Record<string, string>) => ['edit', ids.edited!, 'Deploys go through a canary rollout, then staging']],
      ['a forget of the fact changed in place', (ids: Record<string, string>) => ['forget', ids.edited!]],
      ['an edit of the fact whose superseded row changed', (ids: Record<string, string>) => ['edit', ids.older!, 'Prefer small PRs, always']],
    ])('the next write (%s) leaves the index equal to the facts', async (_label, write) => {
      const ws = await memory();
      changeInPlace(ws);
      const written = await ws.run(write(ws.ids));
      expect(written.stderr).toBe('');
      expect(written.code).toBe(0);
      await expectIndexOfFacts(ws.db);
      expect(sqlite3(ws.db, 'SELECT count(*) FROM facts_changed_in_place').trim()).toBe('0');
      await expectSameAnswers(ws);
      // What the rows say now is what a search finds.
      expect((await ws.run(['search', '--in', 'all', 'vault', 'tokens'])).stdout).toBe('');
      expect((await ws.run(['search', '--in', 'all', 'image', 'nightly'])).stdout).toBe('');
    });

    it('an edit in place found by the next write is what search finds, the old text is not', async () => {
      const ws = await memory();
      changeInPlace(ws);
      expect((await ws.run(['add', 'Something else entirely'])).code).toBe(0);
      expect((await ws.run(['search', '--in', 'all', 'went', 'twice'])).stdout).toContain(ws.ids.edited);
      expect((await ws.run(['search', '--in', 'all', 'staging', 'cluster'])).stdout).not.toContain(ws.ids.edited);
    });
  });

  // REPLACE (an "upsert" of the same key) deletes the old row without firing delete triggers (SQLite
  // fires them for REPLACE only under PRAGMA recursive_triggers), so nothing records the row the index
  // holds: its postings stay with no facts row, and no later write can take them out (no terms).
  it.skipIf(!hasSqlite3)('after another program replaced a row (INSERT OR REPLACE), the next write leaves the index equal to the facts', async () => {
    const ws = await memory();
    const columns = 'id, version, text, translation, kind, scope, source, quote, created_at, host, state';
    sqlite3(
      ws.db,
      `INSERT OR REPLACE INTO facts (${columns})
         SELECT id, version, 'Deploys go through a canary rollout now', translation, kind, scope, source, quote, created_at, host, state
         FROM facts WHERE rowid = ${headRow(ws.ids.edited!)};`,
    );
    expect((await ws.run(['add', '--scope', 'global', 'Something else entirely'])).code).toBe(0);
    await expectIndexOfFacts(ws.db);
    expect((await ws.run(['search', '--in', 'all', 'canary', 'rollout'])).stdout).toContain(ws.ids.edited);
    await expectSameAnswers(ws);
  });

  // UPDATE OR REPLACE that gives one row another row's key deletes that other row, again without its
  // delete trigger: the row in the way is recorded before the update.
  it.skipIf(!hasSqlite3)('after another program moved a row onto another row\'s key (UPDATE OR REPLACE), the next write leaves the index equal to the facts', async () => {
    const ws = await memory();
    sqlite3(
      ws.db,
      `UPDATE OR REPLACE facts SET
         id = (SELECT id FROM facts WHERE rowid = ${headRow(ws.ids.kept!)}),
         version = (SELECT version FROM facts WHERE rowid = ${headRow(ws.ids.kept!)}),
         created_at = (SELECT created_at FROM facts WHERE rowid = ${headRow(ws.ids.kept!)}),
         host = (SELECT host FROM facts WHERE rowid = ${headRow(ws.ids.kept!)})
       WHERE rowid = ${headRow(ws.ids.deleted!)};`,
    );
    // The kept fact's current row is gone: its head points at no row.
    expect(sqlite3(ws.db, `SELECT count(*) FROM facts WHERE rowid = ${headRow(ws.ids.kept!)};`).trim()).toBe('0');
    expect((await ws.run(['add', '--scope', 'global', 'Something else entirely'])).code).toBe(0);
    await expectIndexOfFacts(ws.db);
    await expectSameAnswers(ws);
  });

  // Until memcue's next write the index still holds a row's terms from before another program's
  // UPDATE, but the search file is now built from the facts rows' text (indexTerms), not from the
  // index's copy (v4): with as many terms as before, sameTotals passes and the file is written, so the
  // file and SQLite answer the same query differently (in v4 both held the old terms).
  it.skipIf(!hasSqlite3)('after another program updated a row in place, with no memcue write since, the search file answers as SQLite does', async () => {
    const ws = await memory();
    // Seven terms, as the text it replaces has: FTS5's totals stay what the facts make.
    sqlite3(ws.db, `UPDATE facts SET text = 'Builds run inside the canary fleet today' WHERE rowid = ${headRow(ws.ids.edited!)};`);
    await ws.run(['search', '--in', 'all', 'cache']); // the search file, outdated, is built again
    for (const q of ['canary fleet', 'staging cluster']) {
      const withFile = await ws.run(['search', '--in', 'all', '--json', q]);
      const plain = await cli(['search', '--in', 'all', '--json', q], { env: { ...ws.env, MEMCUE_SEARCH_FILE: '0' }, cwd: ws.cwd });
      expect(withFile.stdout, q).toBe(plain.stdout);
    }
    // memcue's next write takes the row out with its old terms: then the file is built again.
    expect((await ws.run(['add', '--scope', 'global', 'Something else entirely'])).code).toBe(0);
    await expectSameAnswers(ws);
  });

  // The triggers above run inside any SQLite program, but a program can drop them first (DB
  // Browser's "delete trigger", a script's DROP TRIGGER): its changes then go unrecorded, and the
  // index kept their postings for good. memcue's next write sees the schema cookie move, finds the
  // guard gone (src/store/trigger-guard.ts), puts it back and makes the index again from the facts.
  describe.skipIf(!hasSqlite3)("after another program dropped memcue's triggers and then changed rows", () => {
    const TRIGGERS = ['facts_updated_in_place', 'facts_deleted_in_place', 'facts_replaced_by_insert', 'facts_replaced_by_update'];
    const dropAndChange = (ws: Awaited<ReturnType<typeof memory>>, drop: string) =>
      sqlite3(
        ws.db,
        `${drop}
         UPDATE facts SET text = 'Deploys went out twice' WHERE rowid = ${headRow(ws.ids.edited!)};
         DELETE FROM facts WHERE rowid = ${headRow(ws.ids.deleted!)};`,
      );
    const NOTE = /^memcue: note: .*memcue's triggers on facts were not as memcue made them \(.*\): put back, and the search index rebuilt from the facts\n$/;

    it.each([
      ['every trigger dropped', TRIGGERS.map((t) => `DROP TRIGGER ${t};`).join(' ')],
      ['the triggers and their table dropped', `${TRIGGERS.map((t) => `DROP TRIGGER ${t};`).join(' ')} DROP TABLE facts_changed_in_place;`],
      ['one trigger emptied', 'DROP TRIGGER facts_updated_in_place; CREATE TRIGGER facts_updated_in_place AFTER UPDATE ON facts BEGIN SELECT 1; END; DROP TRIGGER facts_deleted_in_place;'],
    ])('%s: the next write puts them back and rebuilds the index from the facts, with a note', async (_label, drop) => {
      const ws = await memory();
      dropAndChange(ws, drop);
      const added = await ws.run(['add', '--scope', 'global', 'Canary rollouts take an hour']);
      expect(added.code).toBe(0);
      expect(added.stderr).toMatch(NOTE);
      await expectIndexOfFacts(ws.db);
      expect(sqlite3(ws.db, 'PRAGMA integrity_check').trim()).toBe('ok');
      expect(sqlite3(ws.db, "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND sql NOT LIKE '%SELECT 1;%'").trim()).toBe('4');
      await expectSameAnswers(ws);
      expect((await ws.run(['search', '--in', 'all', 'went', 'twice'])).stdout).toContain(ws.ids.edited);
      expect((await ws.run(['search', '--in', 'all', 'staging', 'cluster'])).stdout).toBe('');
      expect((await ws.run(['search', '--in', 'all', 'vault', 'tokens'])).stdout).toBe('');
      // Put back for good: the triggers record the next change in place again, and no note repeats.
      sqlite3(ws.db, `UPDATE facts SET text = 'The build cache is kept' WHERE rowid = ${headRow(ws.ids.kept!)};`);
      expect(sqlite3(ws.db, 'SELECT count(*) FROM facts_changed_in_place').trim()).toBe('1');
      const next = await ws.run(['add', '--scope', 'global', 'Rollbacks take a minute']);
      expect([next.code, next.stderr]).toEqual([0, '']);
      await expectIndexOfFacts(ws.db);
    });

    it('until then a read changes nothing and answers from SQLite: the search file is not made from rows the index does not hold', async () => {
      const ws = await memory();
      // Seven terms for seven: FTS5's totals would not tell the search file that anything changed.
      sqlite3(
        ws.db,
        `${TRIGGERS.map((t) => `DROP TRIGGER ${t};`).join(' ')}
         UPDATE facts SET text = 'Builds run inside the canary fleet today' WHERE rowid = ${headRow(ws.ids.edited!)};`,
      );
      const before = readFileSync(ws.db);
      for (const q of ['canary fleet', 'staging cluster', 'cache']) {
        const withFile = await ws.run(['search', '--in', 'all', '--json', q]);
        const plain = await cli(['search', '--in', 'all', '--json', q], { env: { ...ws.env, MEMCUE_SEARCH_FILE: '0' }, cwd: ws.cwd });
        expect(withFile.stdout, q).toBe(plain.stdout);
        expect(withFile.stderr, q).toBe(plain.stderr);
      }
      expect((await ws.run(['list'])).code).toBe(0);
      expect(readFileSync(ws.db).equals(before)).toBe(true);
    });

    it("another program's own tables and memcue's VACUUM move the cookie too: no note, nothing rebuilt", async () => {
      const ws = await memory();
      sqlite3(ws.db, 'CREATE TABLE scratch (a); DROP TABLE scratch; CREATE TABLE notes_of_mine (a);');
      for (const args of [['add', 'A fact after their table'], ['compact'], ['add', 'A fact after the vacuum']]) {
        const r = await ws.run(args);
        expect(r.code, args.join(' ')).toBe(0);
        expect(r.stderr, args.join(' ')).toBe('');
      }
      await expectIndexOfFacts(ws.db);
    });
  });

  it.skipIf(!hasSqlite3)("is read and queried by Debian's sqlite3 3.40 shell (content='' is old syntax)", async () => {
    const ws = await memory();
    const found = sqlite3(ws.db, "SELECT f.id FROM fact_index JOIN facts f ON f.rowid = fact_index.rowid WHERE fact_index MATCH 'stage' ORDER BY bm25(fact_index)");
    expect(found.trim()).toBe(ws.ids.edited);
    expect(sqlite3(ws.db, "INSERT INTO fact_index (fact_index) VALUES ('integrity-check'); SELECT 'ok';").trim()).toBe('ok');
  });
});
