// A hook whose reader must read a private copy (private-copy.ts: another user, a read-only folder,
// the Node bundle) and finds no room for it in TMPDIR. The session must still learn something: the
// last card cached for this database with a note that it may be old, or at least one line saying why
// the memory is unavailable and what to do. Never an empty answer.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE, isolatedEnv, tempDir } from '../helpers.js';
import { canMount, readOnly, sayIfSkipped, smallDisk } from '../small-disk.js';

sayIfSkipped('unreadable-memory hook tests');

const START = JSON.stringify({ session_id: 's', cwd: '/', hook_event_name: 'SessionStart', source: 'startup' });

function setup(searchFile = '0') {
  const disk = smallDisk(4096);
  // No search file: the card must come from SQLite, which this reader may read only through a copy.
  const env: Record<string, string> = { ...isolatedEnv(tempDir()), MEMCUE_DB: join(disk, 'memcue.db'), MEMCUE_SEARCH_FILE: searchFile };
  const run = (argv: string[], extra: Record<string, string> = {}, stdin?: string) => {
    const r = spawnSync(process.execPath, [BUNDLE, ...argv], { env: { ...env, ...extra }, input: stdin, encoding: 'utf8', timeout: 60_000 });
    return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
  };
  const file = join(tempDir(), 'facts.jsonl');
  writeFileSync(file, Array.from({ length: 400 }, (_, i) => JSON.stringify({ text: `fact ${i} about service${i} on port ${8000 + i}` })).join('\n'));
  expect(run(['import', file]).code).toBe(0);
  return { disk, run };
}

function context(stdout: string): string {
  return (JSON.parse(stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
}

describe.skipIf(!canMount)('session-start when the private copy has no room in TMPDIR', () => {
  it('no card cached: the card says why the memory is unavailable and what to do', () => {
    const { disk, run } = setup();
    readOnly(disk); // no reader file can be made: the Node reader reads a private copy
    const r = run(['hook', 'claude', 'session-start'], { TMPDIR: smallDisk(64) }, START);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toBe('');
    const text = context(r.stdout);
    expect(text).toMatch(/memcue: the memory could not be read: no room in .* for a private copy of .*memcue\.db/);
    expect(text).toMatch(/point TMPDIR at a folder with room/);
  });

  it('a card cached before the last write: that card, with a note that it may miss the newest facts', () => {
    const { disk, run } = setup();
    expect(run(['add', '--kind', 'rule', '--scope', 'global', 'Never deploy on Fridays']).code).toBe(0);
    expect(context(run(['hook', 'claude', 'session-start'], {}, START).stdout)).toContain('Never deploy on Fridays');
    expect(run(['add', '--kind', 'rule', '--scope', 'global', 'Always run the linter']).code).toBe(0); // the cached card is now out of date
    readOnly(disk);
    const r = run(['hook', 'claude', 'session-start'], { TMPDIR: smallDisk(64) }, START);
    expect(r.code).toBe(0);
    const text = context(r.stdout);
    expect(text).toContain('Never deploy on Fridays');
    expect(text).toMatch(/this card is the one from .* UTC and may miss the newest facts/);
    expect(text).toMatch(/no room in .* for a private copy/);
  });

  it('a current search file: the whole card from it, no copy needed, no note', () => {
    const { disk, run } = setup('1');
    expect(run(['add', '--kind', 'rule', '--scope', 'global', 'Never deploy on Fridays']).code).toBe(0);
    expect(run(['search', 'Fridays']).code).toBe(0); // brings the search file up to date
    readOnly(disk);
    const r = run(['hook', 'claude', 'session-start'], { TMPDIR: smallDisk(64) }, START);
    const text = context(r.stdout);
    expect(text).toContain('Never deploy on Fridays');
    expect(text).not.toMatch(/could not be read|may miss/);
  });
});
