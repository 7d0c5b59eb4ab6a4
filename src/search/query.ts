// Any text becomes a safe FTS5 query: its terms, each a quoted string, OR-ed together. Nothing the
// user types reaches FTS5 as syntax, so quotes, NEAR(, *, - or emoji can never cause a syntax error.
import { isStopWord } from '../text/stopwords.js';
import { fold, terms } from '../text/tokenize.js';
import { compoundTerms } from './compounds.js';

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

/**
 * One OR-ed part of the FTS5 query: a term, a phrase of terms (a compound split), or a term that
 * also matches as a prefix. The re-ranker (rerank.ts) counts the same items in each candidate.
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
