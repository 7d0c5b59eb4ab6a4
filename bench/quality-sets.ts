// The shared evaluation sets, cut into the parts `memcue eval` runs on, with the tuning / hold-out
// split fixed before any tuning (bench/RESULTS.md): LoCoMo conversations conv-26, conv-30, conv-41
// tune and conv-42, conv-43 are held out; XQuAD-ru articles in name order alternate, even positions
// tune and odd ones are held out. LoCoMo stays in the shared folder (CC BY-NC: never in the repository);
// XQuAD-ru (CC BY-SA) is in the repository as test data, test/fixtures/xquad-ru.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

export type Split = 'tune' | 'hold-out';

/** One `memcue eval` run: one database of `facts`, judged on `queries` (JSON Lines texts). */
export interface Part {
  dataset: 'LoCoMo' | 'XQuAD-ru';
  split: Split;
  name: string;
  facts: string;
  queries: string;
  qrels?: string;
}

export const LOCOMO_TUNE = ['conv-26', 'conv-30', 'conv-41'];
export const LOCOMO_HOLD_OUT = ['conv-42', 'conv-43'];
/** LoCoMo's category 5 questions are adversarial (their answer is not in the conversation). */
const LOCOMO_SKIPPED_CATEGORY = 5;

/** `<shared>/data/eval` with LoCoMo, next to the project or under $MEMCUE_SHARED_DATA; undefined if absent. */
export function locomoDir(): string | undefined {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const candidates = [resolve(here, '..', '..', 'shared', 'data', 'eval')];
  const fromEnv = process.env.MEMCUE_SHARED_DATA;
  if (fromEnv) candidates.unshift(resolve(fromEnv, 'eval'), resolve(fromEnv));
  return candidates.find((dir) => existsSync(join(dir, 'locomo_facts.jsonl')));
}

const XQUAD_DIR = fileURLToPath(new URL('../test/fixtures/xquad-ru/', import.meta.url));

type Line = Record<string, unknown>;
const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
const lines = (text: string): Line[] => text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Line);
const jsonl = (rows: Line[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

export function xquadSplit(article: string, articles: string[]): Split {
  return articles.indexOf(article) % 2 === 0 ? 'tune' : 'hold-out';
}

/** The parts of both sets; without the shared folder, XQuAD-ru's alone (say so: `locomoDir()`). */
export function loadParts(dir = locomoDir()): Part[] {
  return [...(dir ? locomoParts(dir) : []), ...xquadParts()];
}

function locomoParts(dir: string): Part[] {
  const parts: Part[] = [];
  const facts = lines(read(dir, 'locomo_facts.jsonl'));
  const queries = lines(read(dir, 'locomo_queries.jsonl')).filter((q) => q.category !== LOCOMO_SKIPPED_CATEGORY);
  const qrels = read(dir, 'locomo_qrels.tsv');
  for (const conv of [...LOCOMO_TUNE, ...LOCOMO_HOLD_OUT]) {
    parts.push({
      dataset: 'LoCoMo',
      split: LOCOMO_TUNE.includes(conv) ? 'tune' : 'hold-out',
      name: conv,
      facts: jsonl(facts.filter((f) => f.conv === conv)),
      queries: jsonl(queries.filter((q) => q.conv === conv)),
      qrels,
    });
  }
  return parts;
}

function xquadParts(): Part[] {
  const parts: Part[] = [];
  const unzip = (file: string) => gunzipSync(readFileSync(join(XQUAD_DIR, file))).toString('utf8');
  // XQuAD-ru: all paragraphs in one database; the queries are split by the article they ask about.
  const xFacts = unzip('facts.jsonl.gz');
  const xQueries = lines(unzip('queries.jsonl.gz'));
  const article = (q: Line) => String(q.rel).split('/')[0]!;
  const articles = [...new Set(lines(xFacts).map((f) => String(f.id).split('/')[0]!))].sort();
  for (const split of ['tune', 'hold-out'] as const) {
    parts.push({
      dataset: 'XQuAD-ru',
      split,
      name: `xquad-ru-${split}`,
      facts: xFacts,
      queries: jsonl(xQueries.filter((q) => xquadSplit(article(q), articles) === split)),
    });
  }
  return parts;
}
