// Rows written by an older memcue (or by hand) may hold terminal controls in any free-text field:
// ESC sequences, OSC titles, CR, C1 (U+009B is CSI on some terminals) and bidi overrides (U+202E
// reorders what is shown). Every command that prints rows shows them as visible escapes, in text and
// JSON alike; JSON still parses back to the stored text.
import { describe, expect, it } from 'vitest';
import { Database } from '../../src/sqlite/sqlite.js';
import { workspace } from '../helpers.js';

const NASTY = 'ok \u001b[2J \u001b]0;pwned\u0007 \r fake \u009b31m \u202e evil';
/** What a terminal would act on; newlines and tabs are layout, not controls. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

async function legacyRows() {
  const w = workspace();
  expect((await w.run(['add', '--scope', 'global', 'a fine fact'])).code).toBe(0);
  const db = await Database.open(w.env.MEMCUE_DB!);
  const row = (version: number, text: string, at: string) => ['legacyescape00000001', version, text, '', 'note', `global${NASTY}`, `src${NASTY}`, '', at, `host${NASTY}`, 'active'];
  db.run('INSERT INTO facts VALUES (?,?,?,?,?,?,?,?,?,?,?)', row(1, `first ${NASTY}`, '2026-01-01T00:00:00.000Z'));
  db.run('INSERT INTO facts VALUES (?,?,?,?,?,?,?,?,?,?,?)', row(2, `second ${NASTY}`, '2026-01-02T00:00:00.000Z'));
  db.run("DELETE FROM settings WHERE key = 'index_version'"); // heads and index are rebuilt on the next open
  db.close();
  return w;
}

describe('printing rows that hold terminal controls', () => {
  it.each([
    [['list', '--in', 'all']],
    [['list', '--in', 'all', '--json']],
    [['list', '--in', 'all', '--all-versions']],
    [['list', '--in', 'all', '--long']],
    [['export']],
    [['export', '--all-versions']],
    [['log']],
    [['log', '--json']],
    [['show', 'legacyescape00000001']],
    [['show', 'legacyescape00000001', '--json']],
    [['stats']],
    [['log', '--host', 'nobody']],
  ])('memcue %j escapes them', async (argv) => {
    const { run } = await legacyRows();
    const r = await run(argv);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).toMatch(/legacyes|global|host/);
    expect(r.stdout + r.stderr).not.toMatch(CONTROL);
  });

  it('export still round-trips the stored text', async () => {
    const { run } = await legacyRows();
    const rows = (await run(['export', '--all-versions'])).stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(rows.find((r) => r.id === 'legacyescape00000001' && r.version === 2).text).toBe(`second ${NASTY}`);
  });
});
