// A write reads back what it wrote before it commits (read-back.ts): whatever deletes or redirects a
// row inside the transaction (here the test itself, as a trigger or a damaged page would) fails the
// write, which then leaves the database as it was.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Fact } from '../../src/facts/facts.js';
import { Store } from '../../src/store/store.js';
import { tempDir } from '../helpers.js';

const fact = (id: string, text: string, version = 1): Fact => ({
  id,
  version,
  text,
  translation: '',
  kind: 'note',
  scope: 'global',
  source: '',
  quote: '',
  created_at: '2026-01-01T00:00:00.000Z',
  host: 'h',
  state: 'active',
});

async function store() {
  const s = (await Store.open(join(tempDir(), 'memcue.db'), { write: true }))!;
  await s.writeAsync(() => s.insertNewFact(fact('aaaakept00', 'kept')));
  return s;
}

describe('a write reads back what it wrote', () => {
  const meddlers: Record<string, (s: Store, id: string) => void> = {
    'its row deleted': (s, id) => s.db.run('DELETE FROM facts WHERE id = ?', [id]),
    'its head deleted': (s, id) => s.db.run('DELETE FROM heads WHERE id = ?', [id]),
    'its head pointed at another fact': (s, id) => s.db.run('UPDATE heads SET fact_row = 1 WHERE id = ?', [id]),
  };
  for (const [what, meddle] of Object.entries(meddlers)) {
    it(`fails and leaves nothing when ${what}`, async () => {
      const s = await store();
      await expect(s.writeAsync(() => (s.insertNewFact(fact('bbbbgone00', 'new')), meddle(s, 'bbbbgone00')))).rejects.toThrow(/did not hold what this write wrote/);
      await expect(s.writeAsync(() => (s.insertVersion(fact('ccccgone00', 'new')), meddle(s, 'ccccgone00')))).rejects.toThrow(/did not hold what this write wrote/);
      expect(s.head('bbbbgone00')).toBeUndefined();
      expect(s.head('aaaakept00')?.text).toBe('kept');
      expect(s.list().map((f) => f.id)).toEqual(['aaaakept00']);
      s.close();
    });
  }

  it('a write that stands reads back fine, also in bulk (over one statement of keys)', async () => {
    const s = await store();
    await s.writeAsync(() => {
      for (let i = 0; i < 1200; i++) s.insertVersionOnly(fact(`dddd${String(i).padStart(6, '0')}`, `bulk ${i}`));
      s.refreshHeadsAbove(1);
    });
    expect(s.list()).toHaveLength(1201);
    s.close();
  });
});
