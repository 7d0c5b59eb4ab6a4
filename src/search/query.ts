// Any text becomes a safe FTS5 query: its terms, each a quoted string, OR-ed together. Nothing the
// user types reaches FTS5 as syntax, so quotes, NEAR(, *, - or emoji can never cause a syntax error.
import { isStopWord } from '../text/stopwords.js';
import { terms } from '../text/tokenize.js';

/** Long pasted queries would make FTS5 walk thousands of posting lists; the first terms decide. */
export const MAX_QUERY_TERMS = 64;
/**
 * Terms this long also match as a prefix: a long stem or identifier is specific enough that
 * whatever starts with it is the same thing (`информац` → `информацион`, `pkg_config` →
 * `pkg_config_path`); shorter ones would match unrelated words.
 */
export const PREFIX_MIN_LENGTH = 8;
const HAS_LETTER = /\p{L}/u;

/** The query's terms without function words, unless that leaves nothing ("the who"). */
export function queryTerms(query: string): string[] {
  const content = terms(query, isStopWord);
  return content.length > 0 ? content : terms(query);
}

export function matchExpression(query: string): string | undefined {
  const unique = [...new Set(queryTerms(query))].slice(0, MAX_QUERY_TERMS);
  if (unique.length === 0) return undefined;
  return unique.map(phrase).join(' OR ');
}

function phrase(term: string): string {
  const quoted = `"${term.replace(/"/g, '""')}"`;
  return term.length >= PREFIX_MIN_LENGTH && HAS_LETTER.test(term) ? `${quoted}*` : quoted;
}
