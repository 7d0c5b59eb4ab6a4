// Facts to split, to translate and to give keywords, found a window of rows at a time from where the
// last dream left off (seeds.ts), holding only what one batch can show: the rest is counted.
import type { Fact } from '../facts/facts.js';
import type { Database } from '../sqlite/sqlite.js';
import { readHidden } from '../text/hidden-index.js';
import { itemSize } from './batch-text.js';
import { splitReason, type Language } from './candidates.js';
import { memoryLanguages, translationTarget } from './languages.js';
import { isReviewed } from './records.js';
import { factsAfter } from './seeds.js';

/** Rows one batch looks at for index work, at most (a few seconds on a slow machine). */
export const ROWS_PER_BATCH = 20_000;
/** Facts read to tell which languages a memory is written in. */
const LANGUAGE_SAMPLE = 5000;

export interface IndexWork {
  split: Fact[];
  translate: Fact[];
  keywords: Fact[];
  /** Found in the window but not held (beyond what one batch can show), per section. */
  extra: { split: number; translate: number; keywords: number };
  target: Map<string, Language>;
  rows: number;
  clean: number;
  exhausted: boolean;
}

/**
 * Walks the facts after row `start`: each one needing a split (not reviewed, not in a cluster of this
 * batch), a translation (the memory's languages: `languages`) or keywords. `room`: characters one
 * section may hold (the batch budget); `limit`: items.
 */
export function findIndexWork(db: Database, start: number, scopes: readonly string[] | undefined, languages: readonly Language[], clustered: ReadonlySet<string>, room: number, limit: number): IndexWork {
  const out: IndexWork = { split: [], translate: [], keywords: [], extra: { split: 0, translate: 0, keywords: 0 }, target: new Map(), rows: 0, clean: start, exhausted: true };
  const used = { split: 0, translate: 0, keywords: 0 };
  const hold = (section: 'split' | 'translate' | 'keywords', fact: Fact) => {
    const size = itemSize(fact.text) + 60;
    if (out[section].length >= limit || (out[section].length > 0 && used[section] + size > room)) out.extra[section]++;
    else {
      out[section].push(fact);
      used[section] += size;
    }
  };
  let found = false;
  for (const { row, fact } of factsAfter(db, start, scopes)) {
    if (out.rows >= ROWS_PER_BATCH) {
      out.exhausted = false;
      break;
    }
    out.rows++;
    let due = false;
    if (splitReason(fact.text) && !isReviewed(db, fact)) {
      due = true;
      if (!clustered.has(fact.id)) hold('split', fact);
    }
    const hidden = readHidden(fact.translation);
    const target = hidden.translation === '' ? translationTarget(fact, languages) : undefined;
    if (target) {
      out.target.set(fact.id, target);
      hold('translate', fact);
      due = true;
    } else if (hidden.keywords.length === 0) {
      hold('keywords', fact);
      due = true;
    }
    found ||= due;
    // Every row before the first one with work to do needs none: the next walk starts after them.
    if (!found) out.clean = row;
  }
  return out;
}

/** The memory's languages from an even sample of its facts (not all of them: bounded time and memory). */
export function sampledLanguages(db: Database, scopes: readonly string[] | undefined, setting: string | undefined): Language[] {
  if (setting !== undefined && setting.trim()) return memoryLanguages([], setting);
  const total = Number(db.get('SELECT COUNT(*) AS n FROM fact_index_docsize')?.n ?? 0);
  const every = Math.max(1, Math.ceil(total / LANGUAGE_SAMPLE));
  return memoryLanguages([...factsAfter(db, 0, scopes, every)].map((s) => s.fact));
}
