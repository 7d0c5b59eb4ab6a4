// The session-start hook must never start a session in silence, which looks like an empty memory.
// A reader on a read-only mount with no room in TMPDIR reads the file itself under SQLite's shared
// lock (no private copy to make): the current card, no note. A database this user may not read: the
// last card cached for it with a note saying why and what to do, or at least that one line.
import { spawnSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE, isolatedEnv, tempDir } from '../helpers.js';
import { canMount, readOnly, sayIfSkipped, smallDisk } from '../small-disk.js';
import { canRunAsNobody } from '../store/other-user.js';

sayIfSkipped('unreadable-memory hook tests');

const START = JSON.stringify({ session_id: 's', cwd: '/', hook_event_name: 'SessionStart', source: 'startup' });

function setup(searchFile = '0', disk = smallDisk(4096)) {
  // No search file: the card must come from SQLite.
  const env: Record<string, string> = { ...isolatedEnv(tempDir()), MEMCUE_DB: join(disk, 'memcue.db'), MEMCUE_SEARCH_FILE: searchFile };
  const run = (argv: string[], extra: Record<string, string> = {}, stdin?: string, asNobody = false) => {
    const command = asNobody ? ['setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, BUNDLE, ...argv]] as const : [process.execPath, [BUNDLE, ...argv]] as const;
    const r = spawnSync(command[0], command[1], { env: { ...env, ...extra }, input: stdin, encoding: 'utf8', timeout: 60_000 });
    return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
  };
  const file = join(tempDir(), 'facts.jsonl');
  writeFileSync(file, Array.from({ length: 400 }, (_, i) => JSON.stringify({ text: `fact ${i} about service${i} on port ${8000 + i}` })).join('\n'));
  expect(run(['import', file]).code).toBe(0);
  return { disk, env, run };
}

function context(stdout: string): string {
  return (JSON.parse(stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
}

describe.skipIf(!canMount)('session-start on a read-only mount with no room in TMPDIR', () => {
  it('no card cached: the card read from the file, its facts and no note', () => {
    const { disk, run } = setup();
    expect(run(['add', '--kind', 'rule', '--scope', 'global', 'Never deploy on Fridays']).code).toBe(0);
    readOnly(disk);
    const r = run(['hook', 'claude', 'session-start'], { TMPDIR: smallDisk(64) }, START);
    expect(r.code).toBe(0);
    const text = context(r.stdout);
    expect(text).toContain('Never deploy on Fridays');
    expect(text).not.toMatch(/could not be read|may miss/);
  });

  it('a card cached before the last write: the current card, with the newer fact', () => {
    const { disk, run } = setup();
    expect(run(['add', '--kind', 'rule', '--scope', 'global', 'Never deploy on Fridays']).code).toBe(0);
    expect(context(run(['hook', 'claude', 'session-start'], {}, START).stdout)).toContain('Never deploy on Fridays');
    expect(run(['add', '--kind', 'rule', '--scope', 'global', 'Always run the linter']).code).toBe(0); // the cached card is now out of date
    readOnly(disk);
    const r = run(['hook', 'claude', 'session-start'], { TMPDIR: smallDisk(64) }, START);
    expect(r.code).toBe(0);
    const text = context(r.stdout);
    expect(text).toContain('Never deploy on Fridays');
    expect(text).toContain('Always run the linter');
    expect(text).not.toMatch(/could not be read|may miss/);
  });

  it('a current search file: the whole card from it, no note', () => {
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

describe.skipIf(!canRunAsNobody)('session-start when this user may not read the database', () => {
  it('the card cached before with a note saying why; with none cached, one line saying why', () => {
    const folder = tempDir();
    chmodSync(folder, 0o755);
    const { env, run } = setup('0', folder);
    const home = tempDir();
    chmodSync(home, 0o777);
    const nobody = { HOME: home, XDG_DATA_HOME: join(home, 'data'), XDG_STATE_HOME: join(home, 'state'), XDG_CACHE_HOME: join(home, 'cache') };
    expect(run(['add', '--kind', 'rule', '--scope', 'global', 'Never deploy on Fridays']).code).toBe(0);
    chmodSync(env.MEMCUE_DB!, 0o644);
    expect(context(run(['hook', 'claude', 'session-start'], nobody, START, true).stdout)).toContain('Never deploy on Fridays'); // cached for nobody
    expect(run(['add', '--kind', 'rule', '--scope', 'global', 'Always run the linter']).code).toBe(0);
    chmodSync(env.MEMCUE_DB!, 0o600);
    const r = run(['hook', 'claude', 'session-start'], nobody, START, true);
    expect(r.code).toBe(0);
    const text = context(r.stdout);
    expect(text).toContain('Never deploy on Fridays');
    expect(text).toMatch(/the memory could not be read: cannot read .*memcue\.db \(EACCES\).*this card is the one from .* UTC and may miss the newest facts/s);

    const fresh = tempDir();
    chmodSync(fresh, 0o777);
    const none = run(['hook', 'claude', 'session-start'], { HOME: fresh, XDG_DATA_HOME: join(fresh, 'data'), XDG_STATE_HOME: join(fresh, 'state'), XDG_CACHE_HOME: join(fresh, 'cache') }, START, true);
    expect(none.code).toBe(0);
    expect(context(none.stdout)).toMatch(/the memory could not be read: cannot read .*memcue\.db \(EACCES\)/);
  });
});
