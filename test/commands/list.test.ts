// `memcue list` to a pipe or an agent is bounded (issue 32: at 2,280 facts the e2e agents' listings
// printed 69k characters a session); at a terminal, with --all, --limit or --json it prints what was asked.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIST_BOUND } from '../../src/commands/list.js';
import { newId } from '../../src/facts/facts.js';
import { cli, isolatedEnv, tempDir } from '../helpers.js';

const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();

/** `n` notes, the last one the newest. */
async function memory(n: number) {
  const env = isolatedEnv();
  const rows = Array.from({ length: n }, (_, i) => ({
    id: newId(), version: 1, text: `Note ${i}: the build ${i} took long`, translation: '', kind: 'note', scope: 'global',
    source: '', quote: '', created_at: at(i), host: 'testhost', state: 'active',
  }));
  const file = join(tempDir(), 'notes.jsonl');
  writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n'));
  expect((await cli(['import', file], { env })).code).toBe(0);
  return { env, ids: rows.map((r) => r.id) };
}

const ids = (stdout: string) => stdout.trim().split('\n').filter(Boolean).map((l) => l.split(' ')[0]!);

describe('list: bounded for an agent or a pipe', () => {
  it('prints the newest 50 and says on stderr how many more and how to get them', async () => {
    const { env, ids: all } = await memory(1234 + LIST_BOUND);
    const r = await cli(['list'], { env });
    expect(r.code).toBe(0);
    expect(ids(r.stdout)).toEqual(all.slice(-LIST_BOUND).reverse());
    expect(r.stderr).toBe('… 1,234 more (the newest 50 shown): --limit N or --all for more, or `memcue search WORDS` to find one\n');
  });

  it('prints everything with --all, at a terminal, or as JSON; --limit N prints N without the line', async () => {
    const { env } = await memory(LIST_BOUND + 10);
    const runs: [string[], boolean][] = [[['list', '--all'], false], [['list'], true], [['list', '--json'], false]];
    for (const [argv, tty] of runs) {
      const r = await cli(argv, { env, stdoutIsTTY: tty });
      expect(r.stderr).toBe('');
      expect(argv.includes('--json') ? JSON.parse(r.stdout).length : ids(r.stdout).length, argv.join(' ')).toBe(LIST_BOUND + 10);
    }
    const limited = await cli(['list', '--limit', '55'], { env });
    expect(ids(limited.stdout)).toHaveLength(55);
    expect(limited.stderr).toBe('');
  });

  it('says nothing when the bound holds all of them', async () => {
    const { env } = await memory(LIST_BOUND);
    const r = await cli(['list'], { env });
    expect(ids(r.stdout)).toHaveLength(LIST_BOUND);
    expect(r.stderr).toBe('');
  });

  it('counts version rows with --all-versions and filters with the listing', async () => {
    const { env, ids: all } = await memory(LIST_BOUND + 1);
    expect((await cli(['edit', all[0]!, 'Note 0: the build 0 took long, edited'], { env })).code).toBe(0);
    const r = await cli(['list', '--all-versions'], { env });
    expect(ids(r.stdout)).toHaveLength(LIST_BOUND);
    expect(r.stderr).toMatch(/^… 2 more \(the newest 50 shown\)/);
    const rules = await cli(['list', '--kind', 'rule'], { env });
    expect(rules.stdout).toBe('');
    expect(rules.stderr).toBe('');
  });

  it('refuses --all with --limit in one line', async () => {
    const { env } = await memory(3);
    const r = await cli(['list', '--all', '--limit', '2'], { env });
    expect(r.code).not.toBe(0);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('--all and --limit');
  });
});
