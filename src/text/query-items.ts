// A query's items and how often one occurs in a fact's terms, as FTS5 counts them: below both the
// search file's pool (src/snapshot) and the re-ranker (src/search), which must count alike.

/**
 * One OR-ed part of the FTS5 query: a term, a phrase of terms (a compound split), or a term that
 * also matches as a prefix. The re-ranker and the search file's pool count the same items in each
 * candidate.
 */
export interface QueryItem {
  terms: string[];
  prefix: boolean;
  /**
   * The query word this item stands for (its position among the query's own items): an other-script
   * spelling, a dev word's other form or a correction shares its word's group, so the re-ranker can
   * count them as one. Undefined: the item is its own.
   */
  group?: number;
  /** An other-script or by-ear spelling of its group's word (expand.ts): search.ts pools the query's own words apart too. */
  spelling?: boolean;
}

/** How often an item occurs in a candidate, column by column (as FTS5 counts it). */
export function occurrencesIn(item: QueryItem, candidate: { columns: readonly (readonly string[])[] }): number {
  return candidate.columns.reduce((n, column) => n + occurrences(item, column), 0);
}

/** How often an item occurs in a term list, with FTS5's meaning: a phrase is consecutive terms, a prefix item matches what starts with it. */
export function occurrences(item: QueryItem, terms: readonly string[]): number {
  const last = item.terms.length - 1;
  let count = 0;
  for (let i = 0; i + last < terms.length; i++) {
    let match = true;
    for (let j = 0; j <= last && match; j++) {
      const term = terms[i + j]!;
      const wanted = item.terms[j]!;
      match = term === wanted || (item.prefix && j === last && term.startsWith(wanted));
    }
    if (match) count++;
  }
  return count;
}
