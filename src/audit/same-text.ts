// "Already known": a new fact whose text equals a current fact of the same scope, once whitespace,
// case and Unicode form are set aside, is not added again. The FTS index finds the candidates (facts
// holding every term the text is sure to have), so the check costs one indexed query, not a scan of
// the scope; the texts themselves are then compared.
import { COLUMNS, type Fact } from '../facts/facts.js';
import { toFact, type Store } from '../store/store.js';
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
  const query = sameTextQuery(text);
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
 * The FTS query every text that normalizeText equates with `text` matches, whichever way it was
 * written: the index holds the terms of the text as stored. Two rules of `terms` depend on the
 * writing: an acronym's plural (`PRs` → pr, `prs` → prs), so such a word asks for either term; and
 * a mark outside Latin (`й` typed as и + ◌̆ folds to и), so a word whose folding changes with its
 * Unicode form asks for nothing. Undefined when no word is left to ask for.
 */
export function sameTextQuery(text: string): string | undefined {
  const clauses = new Set<string>();
  for (const token of tokens(text)) {
    const composed = token.normalize('NFC');
    if (fold(composed) !== fold(token.normalize('NFD'))) continue;
    const lower = composed.toLowerCase();
    // Only a word ending in s can be an acronym's plural written in lower case (`prs` for `PRs`).
    const acronym = `${lower.slice(0, -1).toUpperCase()}s`;
    if (lower.endsWith('s') && isAcronymPlural(acronym)) {
      // Terms are letters, digits and - _ . / only: quoted, they are never FTS5 syntax.
      clauses.add(`(${[...new Set([...terms(lower), ...terms(acronym)])].map((t) => `"${t}"`).join(' OR ')})`);
    } else for (const term of terms(composed)) clauses.add(`"${term}"`);
  }
  return clauses.size ? [...clauses].join(' AND ') : undefined;
}
