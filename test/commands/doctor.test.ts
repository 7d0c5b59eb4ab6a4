// `memcue doctor` on the database: what another SQLite program can break beside memcue's own
// writes, said with the way to repair it, and the file left as it was (doctor only reads).
// - memcue's triggers on facts (src/store/trigger-guard.ts): dropped or changed, the next write
//   puts them back; doctor says so.
// - heads (and the index kept to them), which no trigger guards: written by another program, they
//   disagree with the facts; doctor counts how, and `memcue compact` rebuilds them from the facts.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Database } from '../../src/sqlite/sqlite.js';
import { BINARY, runProcess, workspace } from '../helpers.js';
import { indexDifferences } from '../store/index-state.js';

const hasSqlite3 = spawnSync('sqlite3', ['-version'], { stdio: 'ignore' }).status === 0;
const sqlite3 = (db: string, sql: string) => execFileSync('sqlite3', [db, sql], { encoding: 'utf8' });

async function memory() {
  const ws = workspace();
  const ids: string[] = [];
  for (const text of ['Deploys go through the staging cluster first', 'Tokens rotate monthly; they live in the vault', 'The build cache is cleared on Fridays']) {
    const r = await ws.run(['add', '--scope', 'global', text]);
    expect(r.code).toBe(0);
    ids.push(r.stdout.trim());
  }
  expect((await ws.run(['edit', ids[0]!, 'Deploys go through staging, then a canary rollout'])).code).toBe(0);
  return { ...ws, db: ws.env.MEMCUE_DB!, ids };
}

async function doctorDatabase(ws: Awaited<ReturnType<typeof memory>>) {
  const before = readFileSync(ws.db);
  const text = await ws.run(['doctor']);
  const report = JSON.parse((await ws.run(['doctor', '--json'])).stdout).database;
  expect(readFileSync(ws.db).equals(before)).toBe(true);
  return { text: text.stdout, report };
}

async function indexOfFacts(db: string): Promise<string[]> {
  const d = await Database.open(db);
  try {
    return indexDifferences(d);
  } finally {
    d.close();
  }
}

describe.skipIf(!hasSqlite3)('memcue doctor, after another program wrote the database', () => {
  it('a sound file: no word of triggers or heads', async () => {
    const ws = await memory();
    const { text, report } = await doctorDatabase(ws);
    expect(report).toMatchObject({ integrity: 'ok', triggers: [], derived: [] });
    expect(text).not.toMatch(/triggers|heads/);
  });

  it('says when memcue\u2019s triggers on facts were dropped, and that the next write puts them back', async () => {
    const ws = await memory();
    sqlite3(ws.db, 'DROP TRIGGER facts_updated_in_place; DROP TRIGGER facts_replaced_by_update;');
    const { text, report } = await doctorDatabase(ws);
    expect(report.triggers).toEqual(['trigger facts_updated_in_place missing', 'trigger facts_replaced_by_update missing']);
    expect(text).toContain("memcue's triggers on facts are not as memcue made them (trigger facts_updated_in_place missing, trigger facts_replaced_by_update missing;");
    expect(text).toContain('the next write (e.g. `memcue add`) puts them back');
    expect((await ws.run(['add', 'Canary rollouts take an hour'])).code).toBe(0);
    expect((await doctorDatabase(ws)).report.triggers).toEqual([]);
  });

  it('counts how heads disagree with the facts; `memcue compact` rebuilds them, and the index, from the facts', async () => {
    const ws = await memory();
    const [edited, deleted, kept] = ws.ids;
    sqlite3(
      ws.db,
      `UPDATE heads SET fact_row = (SELECT rowid FROM facts WHERE id = '${edited}' AND version = 1) WHERE id = '${edited}';
       DELETE FROM heads WHERE id = '${deleted}';
       UPDATE heads SET fact_row = 9999 WHERE id = '${kept}';`,
    );
    const { text, report } = await doctorDatabase(ws);
    expect(report.derived).toEqual([
      'facts without a head: 1',
      'heads pointing at no row of their fact: 2',
      "heads not at their fact's current version: 1",
      'rows in the search index: 3, active facts: 1',
    ]);
    expect(text).toContain('heads and the search index disagree with the facts (facts without a head: 1, ');
    expect(text).toContain('`memcue compact` rebuilds them from the facts');
    const compacted = await ws.run(['compact']);
    expect(compacted.code).toBe(0);
    expect(compacted.stdout).toMatch(/is already compact; heads and the search index rebuilt from the facts \(facts without a head: 1, /);
    expect((await doctorDatabase(ws)).report.derived).toEqual([]);
    expect(await indexOfFacts(ws.db)).toEqual([]);
    expect((await ws.run(['search', '--in', 'all', 'vault', 'tokens'])).stdout).toContain(deleted);
    expect((await ws.run(['search', '--in', 'all', 'canary', 'rollout'])).stdout).toContain(edited);
    expect((await ws.run(['compact'])).stdout).toBe(`${ws.db} is already compact\n`);
  });
});

// `memcue doctor && …` in a script: the exit status says whether memory works, through the binary.
describe.skipIf(!hasSqlite3 || !existsSync(BINARY))('memcue doctor exit status (the compiled binary)', () => {
  const doctor = (env: Record<string, string>) => runProcess(BINARY, ['doctor'], { env, cwd: env.HOME });

  it('0 for a sound database and for none yet', async () => {
    const ws = await memory();
    expect([doctor(ws.env).code, doctor(ws.env).stderr]).toEqual([0, '']);
    const fresh = workspace();
    expect(doctor(fresh.env).code).toBe(0);
  });

  it('3 for a file that is not a memcue database, with one line naming it', () => {
    const ws = workspace();
    writeFileSync(ws.env.MEMCUE_DB!, 'hello, not a database');
    const r = doctor(ws.env);
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/database .*: ERROR .*not a memcue database/);
    expect(r.stderr).toMatch(/^memcue: doctor found 1 problem: the database: .*not a memcue database.*\n$/);
  });

  it('3 for dropped triggers and for heads that disagree with the facts; 0 again once repaired', async () => {
    const ws = await memory();
    sqlite3(ws.db, 'DROP TRIGGER facts_updated_in_place;');
    const dropped = doctor(ws.env);
    expect(dropped.code).toBe(3);
    expect(dropped.stderr).toBe("memcue: doctor found 1 problem: memcue's triggers on facts (trigger facts_updated_in_place missing)\n");
    sqlite3(ws.db, `DELETE FROM heads WHERE id = '${ws.ids[1]}';`);
    expect(doctor(ws.env).stderr).toMatch(/^memcue: doctor found 2 problems: memcue's triggers on facts \(.*\); heads and the search index disagree with the facts \(facts without a head: 1, /);
    const json = runProcess(BINARY, ['doctor', '--json'], { env: ws.env, cwd: ws.env.HOME });
    expect(json.code).toBe(3);
    expect(JSON.parse(json.stdout).problems).toHaveLength(2);
    expect(runProcess(BINARY, ['compact'], { env: ws.env }).code).toBe(0);
    expect(doctor(ws.env).code).toBe(0);
  });

  it('3 for a wired hook that fails when run; a past hook error alone is not a failure', async () => {
    const ws = await memory();
    expect(runProcess(BINARY, ['hook', 'claude', 'session-start'], { env: ws.env, stdin: 'not json' }).code).toBe(0);
    expect(doctor(ws.env).code).toBe(0);
    expect(runProcess(BINARY, ['install', 'claude'], { env: { ...ws.env, MEMCUE_BIN: '/nowhere/memcue' } }).code).toBe(0);
    const r = doctor(ws.env);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('memcue: doctor found 1 problem: claude: /nowhere/memcue hook claude session-start exits 127\n');
  });

  it('`doctor --help` says what each exit status means', () => {
    const help = runProcess(BINARY, ['doctor', '--help'], { env: workspace().env }).stdout;
    expect(help).toMatch(/^Exit status:\n {2}0 {2}all is well/m);
    expect(help).toMatch(/^ {2}3 {2}doctor found something wrong/m);
  });
});
