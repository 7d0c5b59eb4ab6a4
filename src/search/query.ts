// Any text becomes a safe FTS5 query: its terms, each a quoted string, OR-ed together. Nothing the
// user types reaches FTS5 as syntax, so quotes, NEAR(, *, - or emoji can never cause a syntax error.
import { isStopWord } from '../text/stopwords.js';
import { fold, terms } from '../text/tokenize.js';
import { compoundTerms } from './compounds.js';
import type { QueryItem } from '../text/query-items.js';

export type { QueryItem } from '../text/query-items.js';

/** Long pasted queries would make FTS5 walk thousands of posting lists; the first terms decide. */
export const MAX_QUERY_TERMS = 64;
/**
 * Terms this long also match as a prefix: a long stem or identifier is specific enough that
 * whatever starts with it is the same thing (`информац` → `информацион`, `pkg_config` →
 * `pkg_config_path`); shorter ones would match unrelated words.
 */
export const PREFIX_MIN_LENGTH = 8;
const HAS_LETTER = /\p{L}/u;
const WORD = /[a-z]+/g;

/** The query's terms without function words, unless that leaves nothing ("the who"). */
export function queryTerms(query: string): string[] {
  const content = terms(query, isStopWord);
  return content.length > 0 ? content : terms(query);
}

/** The query's plain words (folded), without function words unless that leaves nothing. */
function queryWords(query: string): string[] {
  const words = fold(query).match(WORD) ?? [];
  const content = words.filter((w) => !isStopWord(w));
  return content.length > 0 ? content : words;
}

/** `withCompounds: false` gives the query's own terms only (bench/labs/expansion-lab.ts compares). */
export function queryItems(query: string, withCompounds = true): QueryItem[] {
  const unique = [...new Set(queryTerms(query))].slice(0, MAX_QUERY_TERMS);
  if (unique.length === 0) return [];
  // Compound splits come after the query's own terms and never repeat one of them.
  const words = withCompounds ? queryWords(query).slice(0, MAX_QUERY_TERMS) : [];
  const compounds = [...new Set(compoundTerms(words))].filter((t) => !unique.includes(t)).slice(0, MAX_QUERY_TERMS);
  return [
    ...unique.map((term, group) => ({ terms: [term], prefix: term.length >= PREFIX_MIN_LENGTH && HAS_LETTER.test(term), group })),
    ...compounds.map((phrase, k) => ({ terms: phrase.split(' '), prefix: false, group: unique.length + k })),
  ];
}

/** The FTS5 text of one item: quoted, so nothing in it is FTS5 syntax. */
export function itemExpression(item: QueryItem): string {
  const quoted = `"${item.terms.join(' ').replace(/"/g, '""')}"`;
  return item.prefix ? `${quoted}*` : quoted;
}

export function matchExpression(query: string, withCompounds = true): string | undefined {
  const items = queryItems(query, withCompounds);
  return items.length ? items.map(itemExpression).join(' OR ') : undefined;
}
