// Reading only the newest candidates of each group (through the index) must give exactly what a plain
// scan of every candidate gives for them: same entries, same card, same "left out" count.
import { describe, expect, it } from 'vitest';
import { composeCard, loadCardEntries, RECENT_READ, type CardEntry } from '../../src/hooks/card.js';
import { withStore } from '../../src/store/store.js';
import { cli, isolatedEnv, tempDir } from '../helpers.js';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';

describe('card entries from a big memory', () => {
  it('match a full scan: groups over RECENT_READ, edits, forgets, other scopes and kinds', async () => {
    const env = isolatedEnv();
    const lines: string[] = [];
    for (let i = 0; i < 4000; i++) {
      const scope = i % 3 === 0 ? 'global' : i % 3 === 1 ? 'repo:github.com/acme/app' : 'repo:github.com/acme/other';
      const kind = ['rule', 'decision', 'note'][i % 4 === 3 ? 2 : i % 2]!;
      const created = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
      lines.push(JSON.stringify({ id: `fact${String(i).padStart(6, '0')}`, version: 1, text: `Card candidate ${i} ${'x'.repeat(i % 7)}`, kind, scope, created_at: created, host: 'h', state: 'active' }));
    }
    // Newer versions: an edit that turns a rule into a note, and a forget.
    lines.push(JSON.stringify({ id: 'fact000003', version: 2, text: 'Now only a note', kind: 'note', scope: 'global', created_at: '2026-06-01T00:00:00.000Z', host: 'h', state: 'active' }));
    lines.push(JSON.stringify({ id: 'fact000006', version: 2, text: 'Card candidate 6', kind: 'rule', scope: 'global', created_at: '2026-06-01T00:00:00.000Z', host: 'h', state: 'forgotten' }));
    const file = join(tempDir(), 'facts.jsonl');
    writeFileSync(file, lines.join('\n'));
    expect((await cli(['import', file], { env })).code).toBe(0);

    await withStore(env.MEMCUE_DB!, true, (store) => {
      for (const repoId of [undefined, 'github.com/acme/app']) {
        const { global, repo, total, repoTotal } = loadCardEntries(store!, repoId);
        const every = store!.db
          .all(
            `SELECT f.id, f.kind, f.scope, f.text, f.created_at
             FROM heads h JOIN facts f ON f.rowid = h.fact_row
             WHERE f.state = 'active' AND ((f.scope = 'global' AND f.kind = 'rule') OR (f.scope = ? AND f.kind IN ('rule', 'decision')))
             ORDER BY f.created_at DESC, f.id`,
            [repoId ? `repo:${repoId}` : ''],
          )
          .map((r) => r as unknown as CardEntry);
        expect(total).toBe(every.length);
        const repoEvery = every.filter((e) => e.scope !== 'global').length;
        expect(repoTotal).toBe(repoEvery);
        expect(every.filter((e) => e.scope === 'global').length).toBeGreaterThan(RECENT_READ);
        // The newest RECENT_READ of each group (`every` is newest first).
        const newest = new Set(['rule', 'decision'].flatMap((kind) => ['global', 'repo'].flatMap((where) =>
          every.filter((e) => e.kind === kind && (e.scope === 'global') === (where === 'global')).slice(0, RECENT_READ))));
        const read = every.filter((e) => newest.has(e));
        expect(global).toEqual(read.filter((e) => e.scope === 'global'));
        expect(repo).toEqual(read.filter((e) => e.scope !== 'global'));
        const expected = composeCard(repoId, read.filter((e) => e.scope === 'global'), read.filter((e) => e.scope !== 'global'), { total: every.length, repoTotal: repoEvery });
        const actual = composeCard(repoId, global, repo, { total, repoTotal });
        expect(actual.text).toBe(expected.text);
        expect(actual.left_out).toBe(expected.left_out);
        expect(actual.left_out_repo).toBe(expected.left_out_repo);
        expect(actual.text).not.toContain('Now only a note');
      }
    });
  });
});
