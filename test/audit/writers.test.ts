// What wrote a change: the `made by` filter (SQL, over every change) keeps exactly the rows whose
// `via` (per row) names that writer, for recorded imports and for rows whose fields say dream or
// migrate (written elsewhere, or before imports were recorded). Real WASM SQLite, real files.
import { describe, expect, it } from 'vitest';
import { recentChanges, type Change } from '../../src/audit/changes.js';
import { importRecords, WRITERS, type Writer } from '../../src/audit/writers.js';
import { withStore } from '../../src/store/store.js';
import { cli, isolatedEnv } from '../helpers.js';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000).toISOString();
/** Rows another machine's dream and migrate wrote, as `export` gives them. */
const ROWS = [
  { id: 'a0000000000000000001', version: 1, created_at: at(1), host: 'desktop', text: 'merged from two facts', kind: 'note', scope: 'global', source: 'split:x' },
  { id: 'a0000000000000000002', version: 1, created_at: at(2), host: 'desktop', text: 'from a note', kind: 'note', scope: 'global', source: 'migrate:notes.md' },
  { id: 'a0000000000000000003', version: 1, created_at: at(3), host: 'desktop', text: 'first wording', kind: 'note', scope: 'global' },
  { id: 'a0000000000000000003', version: 2, created_at: at(4), host: 'desktop', text: 'second wording', kind: 'note', scope: 'global', quote: 'reworded (dream)' },
].map((r) => JSON.stringify(r)).join('\n');

const matches = (writer: Writer, c: Change, host: string) => (writer === 'sync' ? c.host !== host : c.via.split(' ').includes(writer));

describe('writers', () => {
  it('made by X keeps the rows whose via names X, recorded or guessed, and counts them', async () => {
    const env = isolatedEnv();
    await cli(['add', 'a fact of this machine'], { env });
    expect((await cli(['import', '-'], { env, stdin: ROWS })).code).toBe(0);
    const host = env.MEMCUE_HOST ?? 'testhost';
    const check = (forgetImports: boolean) =>
      withStore(env.MEMCUE_DB!, true, async (store) => {
        // A database whose import was never recorded (an older memcue): the rows' fields decide.
        if (forgetImports) await store!.writeAsync(() => store!.db.run("DELETE FROM settings WHERE key LIKE 'import:applied:%'"));
        const all = recentChanges(store!, { limit: 100 });
        const by = Object.fromEntries(WRITERS.map((w) => [w, recentChanges(store!, { limit: 100, by: w, localHost: host }).map((c) => `${c.id} v${c.version}`)]));
        for (const w of WRITERS) expect(by[w], w).toEqual(all.filter((c) => matches(w, c, host)).map((c) => `${c.id} v${c.version}`));
        return { by, records: importRecords(store!).length };
      });
    const recorded = await check(false);
    expect(recorded.records).toBe(1);
    expect(recorded.by.import).toHaveLength(4);
    expect(recorded.by.dream).toEqual([]);
    const guessed = await check(true);
    expect(guessed.records).toBe(0);
    expect(guessed.by.import).toEqual([]);
    expect([...guessed.by.dream!].sort()).toEqual(['a0000000000000000001 v1', 'a0000000000000000003 v2']);
    expect(guessed.by.migrate).toEqual(['a0000000000000000002 v1']);
    expect(guessed.by.sync).toHaveLength(4);
  });

  it('an import record another program spoilt is left out, not an SQL error', async () => {
    const env = isolatedEnv();
    expect((await cli(['import', '-'], { env, stdin: '{"text":"one"}\n{"text":"two"}' })).code).toBe(0);
    await withStore(env.MEMCUE_DB!, true, (store) =>
      store!.writeAsync(() => {
        store!.db.run("INSERT INTO settings (key, value) VALUES ('import:applied:bad1', 'not json')");
        store!.db.run(`INSERT INTO settings (key, value) VALUES ('import:applied:bad2', '${JSON.stringify({ applied_at: 'x', host: 'h', file: 'f', added: 1, skipped: 0, first_row: '1 OR 1', last_row: null })}')`);
      }),
    );
    const log = await cli(['log', '--by', 'import', '--in', 'all'], { env });
    expect(log.code, log.stderr).toBe(0);
    expect(log.stdout.split('\n').filter(Boolean)).toHaveLength(2);
    expect((await cli(['log', '--by', 'dream', '--in', 'all'], { env })).stderr).toBe('memcue: no changes made by dream in all\n');
  });
});
