// FTS5 writes each transaction's new terms as a segment of their own, and a query looks every term
// up in every segment. Its automerge does merge work only once per 64 leaf pages written, so a memory
// written one fact at a time (an add, an edit, a forget: one page each) gathers up to 15-19 segments
// between merges, and an add's "already known" query (and a search through SQLite) cost more the
// longer the memory has been written to: at 11 segments an add took ~4 ms more CPU than at 3.
// A little merge work after each such write keeps them at 2-9.
import type { Database } from '../sqlite/sqlite.js';

/**
 * At most this many pages merged per write. FTS5's 'merge' command merges only within a level that
 * holds at least 4 segments (its usermerge default), so a write usually merges nothing or the few
 * one-page segments the writes before it left; a merge of larger segments goes on across writes.
 */
const MERGE_PAGES = 16;

/** Inside the write transaction that added to the index. */
export function mergeSmallSegments(db: Database): void {
  db.run(`INSERT INTO fact_index (fact_index, rank) VALUES ('merge', ${MERGE_PAGES})`);
}
