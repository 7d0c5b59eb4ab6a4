// The index's terms through FTS5's own vocabulary table (a temp table: nothing is written to the
// database file, and a read-only connection can make it).
import type { Vocabulary } from '../search/vocabulary.js';
import type { Database } from './sqlite.js';

const made = new WeakSet<Database>();

export function sqliteVocabulary(db: Database): Vocabulary {
  if (!made.has(db)) {
    db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.fact_vocab USING fts5vocab(main, 'fact_index', 'row')");
    made.add(db);
  }
  return {
    between: (from, to) => db.all('SELECT term FROM temp.fact_vocab WHERE term >= ? AND term < ?', [from, to]).map((r) => String(r.term)),
    any: (from, to) => db.get('SELECT 1 AS found FROM temp.fact_vocab WHERE term >= ? AND term < ? AND doc > 0 LIMIT 1', [from, to]) !== undefined,
    docs: (term) => Number(db.get('SELECT doc FROM temp.fact_vocab WHERE term = ?', [term])?.doc ?? 0),
  };
}
