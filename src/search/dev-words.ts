// Everyday abbreviations of developers' talk (issue 23): a search with one form also looks for the
// others, in both languages (`k8s` finds a fact saying Kubernetes or кубер, `база данных` one saying
// db). No package lists these; the groups are few and each form is spelt as people write it
// (dev-word-groups.ts, stemmed when the bundle is built).
import { devWordGroups, type Form } from './dev-word-groups.js' with { type: 'macro' };
import type { QueryItem } from './query.js';

const GROUPS: Form[][] = devWordGroups();

/** Groups by the first term of each of their forms: a query looks up its own terms, not every form. */
let byFirstTerm: Map<string, number[]> | undefined;

function groupsByFirstTerm(): Map<string, number[]> {
  if (byFirstTerm) return byFirstTerm;
  byFirstTerm = new Map();
  GROUPS.forEach((group, g) => {
    for (const form of group) {
      const list = byFirstTerm!.get(form.terms[0]!) ?? [];
      if (!list.includes(g)) list.push(g);
      byFirstTerm!.set(form.terms[0]!, list);
    }
  });
  return byFirstTerm;
}

/** Whether `form` occurs in the query: its terms in a row, and written in capitals if it is spelt so. */
function occursIn(form: Form, queryTerms: readonly string[], query: string): boolean {
  if (form.capitals) {
    // The regular expression is built only for a query holding the letters at all.
    return query.includes(form.capitals) && new RegExp(`(?<![\\p{L}\\p{N}])${form.capitals}(?![\\p{L}\\p{N}])`, 'u').test(query);
  }
  return queryTerms.some((_, i) => form.terms.every((t, j) => queryTerms[i + j] === t));
}

/**
 * The other forms of every group the query names, as query items (a phrase for a form of several
 * words), each in the group of the query item it stands for (the first term of the form the query holds).
 */
export function devWordItems(query: string, queryItems: readonly QueryItem[]): QueryItem[] {
  const queryTerms = queryItems.filter((item) => item.terms.length === 1).map((item) => item.terms[0]!);
  const index = groupsByFirstTerm();
  // A group can be named by a query term starting one of its forms, or by a form in capitals.
  const named = new Set<number>();
  for (const term of queryTerms) for (const g of index.get(term) ?? []) named.add(g);
  GROUPS.forEach((group, g) => {
    if (group.some((form) => form.capitals && query.includes(form.capitals))) named.add(g);
  });
  const out: QueryItem[] = [];
  for (const g of [...named].sort((a, b) => a - b)) {
    const group = GROUPS[g]!;
    const form = group.find((f) => occursIn(f, queryTerms, query));
    if (!form) continue;
    const word = queryItems.find((item) => item.terms.length === 1 && item.terms[0] === form.terms[0]);
    for (const other of group) if (!occursIn(other, queryTerms, query)) out.push({ terms: other.terms, prefix: false, group: word?.group });
  }
  return out;
}
