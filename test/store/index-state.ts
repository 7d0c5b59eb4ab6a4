// What the FTS5 index holds against what the facts say it must hold: every current active version's
// terms (indexTerms of its text and translation), term by term and position by position, nothing
// else, and FTS5's own integrity-check. A 'delete' given other terms than a row was indexed with
// leaves postings no row holds: this sees them.
import type { Database } from '../../src/sqlite/sqlite.js';
import { indexTerms } from '../../src/text/tokenize.js';

/** Differences between the index and the facts (empty when they agree); throws if FTS5 finds damage. */
export function indexDifferences(db: Database): string[] {
  db.run("INSERT INTO fact_index (fact_index) VALUES ('integrity-check')");
  db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.index_instances USING fts5vocab(main, 'fact_index', 'instance')");
  const held = db.all('SELECT doc, col, offset, term FROM temp.index_instances').map((r) => `${r.doc} ${r.col} ${r.offset} ${r.term}`);
  const wanted: string[] = [];
  const live = db.all("SELECT f.rowid AS row, f.text, f.translation FROM heads h JOIN facts f ON f.rowid = h.fact_row WHERE f.state = 'active'");
  for (const r of live) {
    indexTerms(String(r.text)).forEach((t, k) => wanted.push(`${r.row} terms ${k} ${t}`));
    indexTerms(String(r.translation)).forEach((t, k) => wanted.push(`${r.row} translation_terms ${k} ${t}`));
  }
  const docs = Number(db.get('SELECT count(*) AS n FROM fact_index_docsize')!.n);
  const heldSet = new Set(held);
  const wantedSet = new Set(wanted);
  return [
    ...held.filter((h) => !wantedSet.has(h)).map((h) => `held, no fact says so: ${h}`),
    ...wanted.filter((w) => !heldSet.has(w)).map((w) => `missing: ${w}`),
    ...(docs === live.length ? [] : [`${docs} rows in the index, ${live.length} live facts`]),
  ];
}
