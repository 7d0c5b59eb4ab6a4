// The groups of dev-words.ts with their forms already tokenised and stemmed. src/search/dev-words.ts
// imports this as a Bun macro: the bundle holds the result as a literal, so a search no longer
// stems some 45 forms at start (0.6 ms of a 20 ms search); run as plain code (tests, tsc), it
// gives the same value.
import { terms } from '../text/tokenize.js';

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

export interface Form {
  terms: string[];
  /** The form as written when it is in capitals, else absent. */
  capitals?: string;
}

export function devWordGroups(): Form[][] {
  return GROUPS.trim().split('\n').map((line) =>
    line.split('|').map((raw) => {
      const form = raw.trim();
      return /^[A-Z0-9]+$/.test(form) ? { terms: terms(form), capitals: form } : { terms: terms(form) };
    }),
  );
}
