// "Already known": a new fact whose text equals a current fact of the same scope, once whitespace,
// case and Unicode form are set aside, is not added again. The FTS index finds the candidates (facts
// holding every term the text is sure to have), so the check costs one indexed query, not a scan of
// the scope; the texts themselves are then compared. Inside a write that has not yet changed the
// index, the search file answers instead when it describes that very index (store/write-watch.ts
// indexCopy; snapshot/file-candidates.ts): the same facts, without a cold FTS5 query.
import { COLUMNS, type Fact } from '../facts/facts.js';
import { toFact, type Store } from '../store/store.js';
import { indexCopy } from '../store/write-watch.js';
import { fold, isAcronymPlural, terms, tokens } from '../text/tokenize.js';

/** Whitespace runs become one space, case is folded: `Use  pnpm` and `use pnpm` are the same fact. */
export function normalizeText(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** Whether `fact` (current, active, in `scope`) says `text`, as findSameText compares. */
export function saysSameText(fact: Fact, text: string, scope: string): boolean {
  return fact.state === 'active' && fact.scope === scope && normalizeText(fact.text) === normalizeText(text);
}

export function findSameText(store: Store, text: string, scope: string): Fact | undefined {
  const clauses = sameTextClauses(text);
  const copied = clauses.length ? indexCopy(store.db)?.candidates(clauses, scope) : undefined;
  if (copied) return copied.find((f) => saysSameText(f, text, scope));
  const query = clausesQuery(clauses);
  const select = COLUMNS.map((c) => `f.${c}`).join(', ');
  const rows = query
    ? store.db.all(
        `SELECT ${select} FROM fact_index JOIN facts f ON f.rowid = fact_index.rowid
         WHERE fact_index MATCH ? AND f.scope = ? AND f.state = 'active'`,
        [query, scope],
      )
    : // Not one term sure to be there (emoji, punctuation): compare the scope's facts.
      store.db.all(`SELECT ${select} FROM heads h JOIN facts f ON f.rowid = h.fact_row WHERE f.scope = ? AND f.state = 'active'`, [scope]);
  return rows.map(toFact).find((f) => saysSameText(f, text, scope));
}

/**
 * The index terms every text that normalizeText equates with `text` holds, whichever way it was
 * written, as clauses: each a list of terms any one of which will do. The index holds the terms of
 * the text as stored. Two rules of `terms` depend on the writing: an acronym's plural (`PRs` → pr,
 * `prs` → prs), so such a word asks for either term; and a mark outside Latin (`й` typed as и + ◌̆
 * folds to и), so a word whose folding changes with its Unicode form asks for nothing. Empty when
 * no word is left to ask for.
 */
export function sameTextClauses(text: string): string[][] {
  const clauses = new Map<string, string[]>();
  const add = (clause: string[]) => clause.length > 0 && clauses.set(clause.join(' '), clause);
  for (const token of tokens(text)) {
    const composed = token.normalize('NFC');
    if (fold(composed) !== fold(token.normalize('NFD'))) continue;
    const lower = composed.toLowerCase();
    // Only a word ending in s can be an acronym's plural written in lower case (`prs` for `PRs`).
    const acronym = `${lower.slice(0, -1).toUpperCase()}s`;
    if (lower.endsWith('s') && isAcronymPlural(acronym)) add([...new Set([...terms(lower), ...terms(acronym)])]);
    else for (const term of terms(composed)) add([term]);
  }
  return [...clauses.values()];
}

/** The FTS query of the clauses, which every text that normalizeText equates with the text matches. Terms
 * are letters, digits and - _ . / only: quoted, they are never FTS5 syntax. */
function clausesQuery(clauses: readonly (readonly string[])[]): string | undefined {
  const parts = clauses.map((clause) => (clause.length === 1 ? `"${clause[0]}"` : `(${clause.map((t) => `"${t}"`).join(' OR ')})`));
  return parts.length ? parts.join(' AND ') : undefined;
}
