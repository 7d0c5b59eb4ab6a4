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

/**
 * After a bulk write as large as the memory it went into (an import into a new or small memory):
 * the whole index merged into one segment. A large transaction leaves FTS5's incremental merges of
 * its own big segments half done, and the adds after it then carried them on 16 pages at a time
 * (mergeSmallSegments: FTS5 continues a merge in progress before any other), ~17 ms of each add's
 * CPU at 100k facts (add 105 -> 81 ms, docs/add-cost.md). Merging all of it costs about what writing
 * the index cost the import (0.09 s CPU with the sqlite3 shell at 100k facts), so only an import at
 * least the memory's size pays it.
 */
export function mergeAllSegments(db: Database): void {
  db.run("INSERT INTO fact_index (fact_index) VALUES ('optimize')");
}
