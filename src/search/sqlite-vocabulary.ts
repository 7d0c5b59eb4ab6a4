// The index's terms through FTS5's own vocabulary table (a temp table: nothing is written to the
// database file, and a read-only connection can make it). One statement reads a range of terms with
// their fact counts, and a term's count is the range of that term alone: each statement compiled
// costs a cold process milliseconds in the WASM interpreter.
import { keyedTerms, prefixRange, type Vocabulary } from './vocabulary.js';
import type { Database } from '../sqlite/sqlite.js';

const made = new WeakSet<Database>();
const RANGE = 'SELECT term, doc FROM temp.fact_vocab WHERE term >= ? AND term < ?';

export function sqliteVocabulary(db: Database): Vocabulary {
  if (!made.has(db)) {
    db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.fact_vocab USING fts5vocab(main, 'fact_index', 'row')");
    made.add(db);
  }
  const counts = new Map<string, number>();
  const range = (from: string, to: string) => {
    const rows = db.all(RANGE, [from, to]);
    for (const r of rows) counts.set(String(r.term), Number(r.doc));
    return rows;
  };
  const between = (from: string, to: string) => range(from, to).map((r) => String(r.term));
  return {
    between,
    docs: (term) => counts.get(term) ?? Number(range(term, `${term}\u0001`)[0]?.doc ?? 0),
    any: (from, to) => db.get('SELECT 1 AS found FROM temp.fact_vocab WHERE term >= ? AND term < ? AND doc > 0 LIMIT 1', [from, to]) !== undefined,
    names: (start) => keyedTerms(between(...prefixRange(start))),
  };
}
