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
/** `raw`: the benchmark's own question; `agent`: the query an agent following the card wrote for it (bench/data). */
export type Style = 'raw' | 'agent' | 'agent+keywords';

/** One `memcue eval` run: one database of `facts`, judged on `queries` (JSON Lines texts). */
export interface Part {
  /** XQuAD-ru←en: Russian paragraphs, English questions; `+tr`: the English paragraph in the index-only column. */
  dataset: 'LoCoMo' | 'XQuAD-ru' | 'XQuAD-ru←en' | 'XQuAD-ru←en+tr';
  split: Split;
  style: Style;
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
      style: 'raw',
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
      style: 'raw',
      name: `xquad-ru-${split}`,
      facts: xFacts,
      queries: jsonl(xQueries.filter((q) => xquadSplit(article(q), articles) === split)),
    });
  }
  return parts;
}

/**
 * `AGENT_QUERIES=round2` measures the second writer's queries, `round3` the third's (written from the
 * card as it is now: bench/data/agent-queries.instruction.md).
 */
const ROUND = ['round2', 'round3'].includes(process.env.AGENT_QUERIES ?? '') ? `.${process.env.AGENT_QUERIES}` : '';
const AGENT_QUERIES: Partial<Record<Part['dataset'], string>> = {
  LoCoMo: `locomo.agent-queries${ROUND}.tsv`,
  'XQuAD-ru': `xquad-ru.agent-queries${ROUND}.tsv`,
  // The English questions about the Russian paragraphs (one writer only).
  'XQuAD-ru←en': 'xquad-en.agent-queries.tsv',
  'XQuAD-ru←en+tr': 'xquad-en.agent-queries.tsv',
};
/** `KEYWORDS=round2` measures the second keyword pass (bench/data/keyword-pass.instruction.md). */
export const KEYWORD_ROUND = process.env.KEYWORDS === 'round2' ? '.round2' : '';
const KEYWORDS: Partial<Record<Part['dataset'], string>> = {
  LoCoMo: `locomo.keywords${KEYWORD_ROUND}.jsonl`,
  'XQuAD-ru': `xquad-ru.keywords${KEYWORD_ROUND}.jsonl`,
};
const benchData = (file: string) => fileURLToPath(new URL(`./data/${file}`, import.meta.url));

/** `id<TAB>words` lines of bench/data/<file>: the agent-written query of each question. */
export function readAgentQueries(file: string): Map<string, string> {
  const path = benchData(file);
  const map = new Map<string, string>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) map.set(line.slice(0, tab), line.slice(tab + 1));
  }
  return map;
}

/** The same part with every question replaced by the agent's query for it (same ids, same judgements). */
export function agentPart(part: Part): Part {
  const file = AGENT_QUERIES[part.dataset]!;
  const written = readAgentQueries(file);
  const queries = lines(part.queries).map((q) => {
    const text = written.get(String(q.id));
    if (text === undefined) throw new Error(`no agent query for ${String(q.id)} in bench/data/${file}`);
    return { ...q, text };
  });
  return { ...part, style: 'agent', queries: jsonl(queries) };
}

export const hasAgentQueries = (part: Part) => AGENT_QUERIES[part.dataset] !== undefined && existsSync(benchData(AGENT_QUERIES[part.dataset]!));

/** Keywords from the real-model dream pass (bench/labs/keyword-pass.ts), if it has been run for this set. */
export function keywordsPart(part: Part): Part | undefined {
  const file = KEYWORDS[part.dataset];
  if (!file || !existsSync(benchData(file))) return undefined;
  const byId = new Map(lines(readFileSync(benchData(file), 'utf8')).map((l) => [String(l.id), l.keywords]));
  const facts = lines(part.facts).map((f) => ({ ...f, keywords: byId.get(String(f.id)) ?? [] }));
  return { ...part, style: 'agent+keywords', facts: jsonl(facts) };
}

/** Russian paragraphs, English questions (bench/data/xquad-en), split by article as XQuAD-ru is. */
export function crossLanguageParts(): Part[] {
  const ruFacts = lines(gunzipSync(readFileSync(join(XQUAD_DIR, 'facts.jsonl.gz'))).toString('utf8'));
  const english = new Map(lines(readFileSync(benchData('xquad-en/paragraphs.jsonl'), 'utf8')).map((p) => [String(p.id), String(p.text)]));
  const questions = lines(readFileSync(benchData('xquad-en/questions.jsonl'), 'utf8'));
  const articles = [...new Set(ruFacts.map((f) => String(f.id).split('/')[0]!))].sort();
  const withTranslation = ruFacts.map((f) => ({ ...f, translation: english.get(String(f.id)) ?? '' }));
  return (['tune', 'hold-out'] as const).flatMap((split) => {
    const queries = jsonl(questions.filter((q) => xquadSplit(String(q.rel).split('/')[0]!, articles) === split));
    const base = { split, style: 'raw' as const, name: `xquad-cross-${split}`, queries };
    return [
      { ...base, dataset: 'XQuAD-ru←en' as const, facts: jsonl(ruFacts) },
      { ...base, dataset: 'XQuAD-ru←en+tr' as const, facts: jsonl(withTranslation) },
    ];
  });
}
