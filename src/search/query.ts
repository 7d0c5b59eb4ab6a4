// Any text becomes a safe FTS5 query: its terms, each a quoted string, OR-ed together. Nothing the
// user types reaches FTS5 as syntax, so quotes, NEAR(, *, - or emoji can never cause a syntax error.
import { terms } from '../text/tokenize.js';

/** Long pasted queries would make FTS5 walk thousands of posting lists; the first terms decide. */
export const MAX_QUERY_TERMS = 64;

export function matchExpression(query: string): string | undefined {
  const unique = [...new Set(terms(query))].slice(0, MAX_QUERY_TERMS);
  if (unique.length === 0) return undefined;
  return unique.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
}
