// "Already known": a new fact whose text equals a current fact of the same scope, once whitespace and
// case are set aside, is not added again. The FTS index finds the candidates (facts holding every term
// of the text), so the check costs one indexed query, not a scan of the scope.
import type { Fact } from '../store/facts.js';
import { toFact, type Store } from '../store/store.js';
import { COLUMNS } from '../store/facts.js';
import { terms } from '../text/tokenize.js';

/** Whitespace runs become one space, case is folded: `Use  pnpm` and `use pnpm` are the same fact. */
export function normalizeText(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
}

export function findSameText(store: Store, text: string, scope: string): Fact | undefined {
  const wanted = normalizeText(text);
  const unique = [...new Set(terms(text))];
  const select = COLUMNS.map((c) => `f.${c}`).join(', ');
  const rows = unique.length
    ? store.db.all(
        `SELECT ${select} FROM fact_index JOIN facts f ON f.rowid = fact_index.rowid
         WHERE fact_index MATCH ? AND f.scope = ? AND f.state = 'active'`,
        // Terms are letters, digits and - _ . / only: quoted, they are never FTS5 syntax.
        [unique.map((t) => `"${t}"`).join(' AND '), scope],
      )
    : // A text without a single word (emoji, punctuation) has no terms to look up: compare the scope's facts.
      store.db.all(`SELECT ${select} FROM heads h JOIN facts f ON f.rowid = h.fact_row WHERE f.scope = ? AND f.state = 'active'`, [scope]);
  return rows.map(toFact).find((f) => normalizeText(f.text) === wanted);
}
