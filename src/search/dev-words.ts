// Everyday abbreviations of developers' talk (issue 23): a search with one form also looks for the
// others, in both languages (`k8s` finds a fact saying Kubernetes or кубер, `база данных` one saying
// db). No package lists these; the groups are few and each form is spelt as people write it.
import { terms } from '../text/tokenize.js';
import type { QueryItem } from './query.js';

/** Each line one group; forms apart by `|`. A form in capitals matches only when written in capitals (`MR`, not `Mr`). */
const GROUPS = `
k8s | kubernetes | kube | кубер | кубернетес
pg | postgres | postgresql | psql | постгрес | постгре
tf | terraform | терраформ
db | database | бд | база данных
env | environment | окружение
cfg | config | configuration | conf | конфиг | конфигурация
repo | repository | репо | репозиторий
MR | merge request | мерж реквест | мердж реквест
PR | pull request | пулл реквест | пул реквест
TTL | time to live | время жизни
`;

interface Form {
  terms: string[];
  capitals: string | undefined;
}

let groups: Form[][] | undefined;

function loadGroups(): Form[][] {
  groups ??= GROUPS.trim().split('\n').map((line) =>
    line.split('|').map((raw) => {
      const form = raw.trim();
      return { terms: terms(form), capitals: /^[A-Z0-9]+$/.test(form) ? form : undefined };
    }),
  );
  return groups;
}

/** Whether `form` occurs in the query: its terms in a row, and written in capitals if it is spelt so. */
function occursIn(form: Form, queryTerms: readonly string[], query: string): boolean {
  if (form.capitals) return new RegExp(`(?<![\\p{L}\\p{N}])${form.capitals}(?![\\p{L}\\p{N}])`, 'u').test(query);
  return queryTerms.some((_, i) => form.terms.every((t, j) => queryTerms[i + j] === t));
}

/** The other forms of every group the query names, as query items (a phrase for a form of several words). */
export function devWordItems(query: string, queryTerms: readonly string[]): QueryItem[] {
  const out: QueryItem[] = [];
  for (const group of loadGroups()) {
    if (!group.some((form) => occursIn(form, queryTerms, query))) continue;
    for (const form of group) if (!occursIn(form, queryTerms, query)) out.push({ terms: form.terms, prefix: false });
  }
  return out;
}
