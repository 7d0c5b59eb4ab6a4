// One definition of a valid fact row, used by add, import and the journal reader (issue 11, items 1,
// 5 and 6): every test here runs the CLI in-process on a real database file.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/store/schema.js';
import { Database } from '../../src/sqlite/sqlite.js';
import { canonicalName } from '../../src/facts/names.js';
import { checkScope } from '../../src/facts/validate.js';
import { cli, isolatedEnv, tempDir } from '../helpers.js';

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

function line(fields: Record<string, unknown>): string {
  return JSON.stringify({ id: 'aaaaaaaaaaaaaaaaaaaa', version: 1, text: 'a fact', kind: 'note', scope: 'global', created_at: '2026-01-01T00:00:00.000Z', host: 'h', state: 'active', ...fields });
}

async function importLines(lines: string[], env = isolatedEnv()) {
  return cli(['import', '-'], { env, stdin: `${lines.join('\n')}\n` });
}

/** A database written by an older memcue: rows put in with SQL, as they were accepted then. */
async function legacyDatabase(path: string, rows: unknown[][]): Promise<void> {
  const db = await Database.open(path);
  migrate(db, 0, 3);
  for (const row of rows) db.run('INSERT INTO facts VALUES (?,?,?,?,?,?,?,?,?,?,?)', row as never);
  db.close();
}

describe('one definition of a valid scope, id, host and date', () => {
  it('names are made valid: spaces and control characters become "-"', () => {
    expect(canonicalName('my project')).toBe('my-project');
    expect(canonicalName('My Laptop\t2')).toBe('My-Laptop-2');
    expect(checkScope('repo:my-project')).toBe('repo:my-project');
    expect(() => checkScope('repo:my project')).toThrow(/bad scope/);
    expect(() => checkScope('machine:a\u001bb')).toThrow(/bad scope/);
  });

  it('a repo without a remote in a folder with a space gets a valid repo scope that export | import round-trips', async () => {
    const env = isolatedEnv();
    const repo = join(tempDir(), 'my project');
    mkdirSync(repo);
    execFileSync('git', ['init', '-q', repo]);
    const added = await cli(['add', 'the build needs node 22'], { env, cwd: repo });
    expect(added.code).toBe(0);
    const exported = await cli(['export'], { env });
    expect(JSON.parse(exported.stdout).scope).toBe('repo:my-project');
    const other = isolatedEnv();
    const imported = await cli(['import', '-'], { env: other, stdin: exported.stdout });
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect((await cli(['list', '--in', 'my-project'], { env: other, cwd: repo })).stdout).toContain('the build needs node 22');
  });

  it('--scope machine with a host name holding a space gives a valid scope and host', async () => {
    const env = { ...isolatedEnv(), MEMCUE_HOST: 'My Laptop' };
    expect((await cli(['add', '--scope', 'machine', 'the gpu is an rtx 4090'], { env })).code).toBe(0);
    const row = JSON.parse((await cli(['export'], { env })).stdout);
    expect(row.scope).toBe('machine:my-laptop');
    expect(row.host).toBe('my-laptop');
    expect((await cli(['import', '-'], { env: isolatedEnv(), stdin: JSON.stringify(row) })).code).toBe(0);
  });

  it('rows with bad scopes and hosts already in a database are migrated and export | import round-trips', async () => {
    const env = isolatedEnv();
    await legacyDatabase(env.MEMCUE_DB!, [
      ['legacyfact0000000001', 1, 'old repo fact', '', 'rule', 'repo:my project', '', '', '2026-01-01T00:00:00.000Z', 'my laptop', 'active'],
      ['legacyfact0000000002', 1, 'old machine fact', '', 'env', 'machine:my laptop', '', '', '2026-01-02T00:00:00.000Z', 'my laptop', 'active'],
    ]);
    const exported = await cli(['export', '--all-versions'], { env });
    expect(exported.code).toBe(0);
    const rows = exported.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(rows.map((r) => [r.scope, r.host])).toEqual([
      ['repo:my-project', 'my-laptop'],
      ['machine:my-laptop', 'my-laptop'],
    ]);
    const imported = await cli(['import', '-'], { env: isolatedEnv(), stdin: exported.stdout });
    expect(imported.stderr).toBe('');
    expect(imported.stdout).toBe('imported 2 fact versions\n');
    expect((await cli(['search', 'old', '--in', 'all'], { env })).stdout).toContain('old repo fact');
  });
});

describe('import refuses what add would refuse', () => {
  it.each([
    ['a 10 MB quote', { quote: 'q'.repeat(10_000_000) }, /"quote" is 10000000 characters, over the \d+ limit/],
    ['a 10 MB translation', { translation: 't'.repeat(10_000_000) }, /"translation" is 10000000 characters/],
    ['a 10 MB source', { source: 's'.repeat(10_000_000) }, /"source" is 10000000 characters/],
    ['created_at "1"', { created_at: '1' }, /"created_at" must be an ISO date/],
    ['created_at with no time zone', { created_at: '2026-01-01 10:00' }, /"created_at" must be an ISO date/],
    ['a NUL in the text', { text: 'before\u0000after' }, /control character U\+0000 in "text"/],
    ['a NUL in the quote', { quote: 'a\u0000b' }, /control character U\+0000 in "quote"/],
    ['version 1e308', { version: 1e308 }, /"version" must be a whole number from 1/],
    ['version 2.5', { version: 2.5 }, /"version" must be a whole number from 1/],
    ['an escape sequence in the text', { text: 'hi \u001b]0;pwned\u0007 there' }, /control character U\+001B in "text"/],
    ['a text of zero-width characters only', { text: '\u200b\u200d\ufeff' }, /fact text is empty/],
    ['state "deleted"', { state: 'deleted' }, /"state" must be active, superseded or forgotten/],
    ['an id with capitals', { id: 'ABCDEFGHIJ' }, /"id" must be 8–64 lower-case letters and digits/],
  ])('%s', async (_name, fields, message) => {
    const env = isolatedEnv();
    const r = await importLines([line(fields)], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^memcue: line 1: /);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect((await cli(['export'], { env })).stdout).toBe('');
  });

  it('reads scopes and hosts with spaces, which older memcue exported, in today\'s form', async () => {
    const env = isolatedEnv();
    expect((await importLines([line({ scope: 'repo:my project', host: 'my laptop' })], env)).code).toBe(0);
    const row = JSON.parse((await cli(['export'], { env })).stdout);
    expect([row.scope, row.host]).toEqual(['repo:my-project', 'my-laptop']);
  });

  it('accepts a UTF-8 BOM before line 1', async () => {
    const env = isolatedEnv();
    const r = await cli(['import', '-'], { env, stdin: `\ufeff${line({})}\n` });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('imported 1 fact version\n');
  });

  it('an id that is also the prefix of another id can be shown, edited and forgotten', async () => {
    const env = isolatedEnv();
    await importLines([line({ id: 'abcdabcd', text: 'the short one' }), line({ id: 'abcdabcdef', text: 'the long one' })], env);
    expect(JSON.parse((await cli(['show', 'abcdabcd', '--json'], { env })).stdout).text).toBe('the short one');
    expect((await cli(['edit', 'abcdabcd', 'the short one, edited'], { env })).stdout).toBe('abcdabcd v2\n');
    expect((await cli(['forget', 'abcdabcd'], { env })).code).toBe(0);
    expect(JSON.parse((await cli(['show', 'abcdabcdef', '--json'], { env })).stdout).text).toBe('the long one');
    expect((await cli(['show', 'abcdabc'], { env })).stderr).toMatch(/matches several facts/);
  });
});

describe('control characters: refused on write, escaped on output', () => {
  it('add and edit refuse escape sequences, lone CR and texts of invisible characters', async () => {
    const env = isolatedEnv();
    for (const text of ['\u001b[2Jclear the screen', 'fake\rprompt', '\u200b\u2060']) {
      const r = await cli(['add', text], { env });
      expect(r.code).toBe(1);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect((await cli(['add', '--quote', 'x\u001b]8;;http://evil\u0007y', 'a fact'], { env })).code).toBe(1);
    const id = (await cli(['add', 'tabs\tand\nnewlines are fine'], { env })).stdout.trim();
    expect((await cli(['edit', id, 'now with \u009b31m C1 CSI'], { env })).code).toBe(1);
  });

  it('list, search and show print control characters of old rows escaped, never raw', async () => {
    const env = isolatedEnv();
    const evil = 'deploy \u001b]0;owned\u0007 with \u001b[2J care \u009b1m and\r fake';
    await legacyDatabase(env.MEMCUE_DB!, [
      ['evilfact000000000001', 1, evil, '', 'note', 'global', '\u001b[31msrc', '\u001b]8;;http://x\u0007q', '2026-01-01T00:00:00.000Z', 'h', 'active'],
    ]);
    const outputs = [
      (await cli(['list'], { env })).stdout,
      (await cli(['search', 'deploy'], { env })).stdout,
      (await cli(['show', 'evilfact'], { env })).stdout,
      (await cli(['show', 'evilfact', '--json'], { env })).stdout,
      (await cli(['list', '--json'], { env })).stdout,
    ];
    for (const out of outputs) {
      expect(out).toContain('deploy');
      expect(out).not.toMatch(CONTROL);
    }
    expect(outputs[0]).toContain('deploy \\x1b]0;owned\\x07 with \\x1b[2J care \\x9b1m and\\r fake');
  });
});
