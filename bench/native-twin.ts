// The native sqlite3 shell here (Debian's 3.40) cannot query memcue's index: `contentless_delete`
// came in SQLite 3.43 (schema v5). Its rows run the same FTS5 query on a twin of the file whose index
// holds the same terms in a plain contentless table, which 3.40 reads; the facts are the same pages.
import { copyFileSync } from 'node:fs';
import type { SqliteModule } from '../wasm/sqlite3.mjs';
import { Database } from '../src/store/sqlite.js';
import { indexText } from '../src/text/tokenize.js';

export function nativeTwin(m: SqliteModule, db: string, twin: string): void {
  copyFileSync(db, twin);
  const t = Database.openWith(m, twin);
  try {
    const create = String(t.get("SELECT sql FROM sqlite_master WHERE name = 'fact_index'")!.sql);
    const rows = t.all("SELECT f.rowid AS r, f.text, f.translation FROM heads h JOIN facts f ON f.rowid = h.fact_row WHERE f.state = 'active' ORDER BY f.rowid");
    t.exec(`BEGIN; DROP TABLE fact_index; ${create.replace(/contentless_delete\s*=\s*1\s*,/, '')};`);
    for (const r of rows) t.run('INSERT INTO fact_index (rowid, terms, translation_terms) VALUES (?, ?, ?)', [r.r!, indexText(String(r.text)), indexText(String(r.translation))]);
    t.exec('COMMIT; VACUUM');
  } finally {
    t.close();
  }
}
