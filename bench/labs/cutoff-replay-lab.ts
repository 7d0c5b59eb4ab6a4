// Issue 33: what a change of the limit or cut-off would have shown for every search agents recorded:
// first-search hit, any-recorded-search hit and results a search, per variant, on kept agent-loop runs
// and on the single agent-written LoCoMo queries (three rounds, tuning and hold-out conversations).
//   npx bun bench/labs/cutoff-replay-lab.ts SET=DIR … [agent-queries]
// (`agent-queries`: also bench/data/locomo.agent-queries*.tsv over conv-26, 30, 41, 42, 43, each round
// counted as a one-search run.) The search is the library's, limit and cut-off varied after ranking.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadFacts } from '../../src/eval/run.js';
import { cutoffFor, search, DEFAULT_LIMIT, type Hit } from '../../src/search/search.js';
import { Store } from '../../src/store/store.js';
import { readAgentQueries } from '../quality-sets.js';
import { folderHolding, loadSet, parseArgv } from '../loop-sets.js';

/** A variant: the limit and cut-off a search asking for `limit` results would get (and the words it would search). */
type Variant = ((limit: number) => { limit: number; cutoff: number }) & { words?: (words: string) => string };
// Time words: LoCoMo's facts hold "last week", never the date a question names (RESULTS 61).
const TIME = /^(19\d\d|20\d\d|\d{1,2}(st|nd|rd|th)?|january|february|march|april|may|june|july|august|september|october|november|december|weekend|week|month|year|last|ago|recently|lately|currently|when|date)$/i;
const withWords = (variant: Variant, words: (w: string) => string): Variant => Object.assign((limit: number) => variant(limit), { words });
const noTime = (words: string) => words.split(/\s+/).filter((w) => !TIME.test(w)).join(' ') || words;
const VARIANTS: Record<string, Variant> = {
  'main 0735c50 (0.6 at 5)': (limit) => ({ limit, cutoff: limit <= DEFAULT_LIMIT ? 0.6 : 0.6 * (DEFAULT_LIMIT / limit) }),
  'this checkout (cutoffFor)': (limit) => ({ limit, cutoff: cutoffFor(limit) }),
  'cut5 0.5': (limit) => ({ limit, cutoff: limit <= DEFAULT_LIMIT ? 0.5 : 0.6 * (DEFAULT_LIMIT / limit) }),
  'cut5 0.45': (limit) => ({ limit, cutoff: limit <= DEFAULT_LIMIT ? 0.45 : 0.6 * (DEFAULT_LIMIT / limit) }),
  'cut5 0.4': (limit) => ({ limit, cutoff: limit <= DEFAULT_LIMIT ? 0.4 : 0.6 * (DEFAULT_LIMIT / limit) }),
  'cut5 0.45, cut10 0.2': (limit) => ({ limit, cutoff: limit <= DEFAULT_LIMIT ? 0.45 : 0.2 }),
  'n7 at 0.6': (limit) => (limit === DEFAULT_LIMIT ? { limit: 7, cutoff: 0.6 } : { limit, cutoff: 0.6 * (DEFAULT_LIMIT / limit) }),
  'n10 at 0.3 everywhere': (limit) => ({ limit: Math.max(limit, 10), cutoff: 0.6 * (DEFAULT_LIMIT / Math.max(limit, 10)) }),
  'default n10 at 0.45': (limit) => (limit === DEFAULT_LIMIT ? { limit: 10, cutoff: 0.45 } : { limit, cutoff: cutoffFor(limit) }),
  'default n7 at 0.45': (limit) => (limit === DEFAULT_LIMIT ? { limit: 7, cutoff: 0.45 } : { limit, cutoff: cutoffFor(limit) }),
};
VARIANTS['main, no time words'] = withWords(VARIANTS['main 0735c50 (0.6 at 5)']!, noTime);

interface Tally { n: number; first: number; any: number; shown: number; searches: number }
const tallies = new Map<string, Map<string, Tally>>();

async function replay(group: string, name: string, runs: Map<string, string[][]>): Promise<void> {
  const { facts, queries } = loadSet(name, folderHolding(name));
  const work = mkdtempSync(join(tmpdir(), 'memcue-cutreplay-'));
  const store = (await Store.open(join(work, 'memory.db'), { write: true }))!;
  const toSet = await loadFacts(store, facts, 'lab');
  const byVariant = tallies.get(group) ?? new Map(Object.keys(VARIANTS).map((v) => [v, { n: 0, first: 0, any: 0, shown: 0, searches: 0 }]));
  tallies.set(group, byVariant);
  for (const q of queries) {
    const argvs = runs.get(q.id);
    if (!argvs) continue;
    const poolsOf = (transform: (w: string) => string) => argvs.map((argv): { limit: number; hits: Hit[] } => {
      const { words, limit } = parseArgv(argv);
      return { limit, hits: search(store, transform(words), { limit: Math.max(limit, 10), cutoff: 0 }) };
    });
    const plain = poolsOf((w) => w);
    for (const [v, variant] of Object.entries(VARIANTS)) {
      const pools = variant.words ? poolsOf(variant.words) : plain;
      const found = pools.map(({ limit, hits }) => {
        const { limit: shownLimit, cutoff } = variant(limit);
        const best = hits[0]?.score ?? 0;
        const shown = hits.slice(0, shownLimit).filter((h) => h.score >= best * cutoff);
        byVariant.get(v)!.shown += shown.length;
        byVariant.get(v)!.searches++;
        return shown.some((h) => q.relevant.has(toSet.get(h.id) ?? ''));
      });
      const t = byVariant.get(v)!;
      t.n++;
      t.first += Number(found[0] ?? false);
      t.any += Number(found.some(Boolean));
    }
  }
  store.close();
  rmSync(work, { recursive: true, force: true });
}

const args = process.argv.slice(2);
for (const pair of args.filter((a) => a.includes('='))) {
  const [name, d] = pair.split('=') as [string, string];
  const asked = readFileSync(join(d, 'questions.jsonl'), 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { qid: string }).qid);
  const runs = new Map<string, string[][]>(asked.map((qid) => [qid, []]));
  for (const line of readFileSync(join(d, 'transcript.jsonl'), 'utf8').trim().split('\n')) {
    const { qid, argv } = JSON.parse(line) as { qid: string; argv: string[] };
    runs.get(qid)?.push(argv);
  }
  // An unsearched question counts as a miss, as `agent-loop score` counts it.
  for (const [qid, argvs] of runs) if (!argvs.length) runs.set(qid, [['--limit', '5']]);
  await replay(d.split('/').filter(Boolean).pop()!.replace(/-20\d\d-\d\d-\d\d$/, '').replace(/conv-\d\d/, 'conv-*').replace(/^locomo-hold-out-/, ''), name, runs);
}
if (args.includes('agent-queries')) {
  for (const file of ['locomo.agent-queries.tsv', 'locomo.agent-queries.round2.tsv', 'locomo.agent-queries.round3.tsv']) {
    const round = readAgentQueries(file);
    for (const name of ['conv-26', 'conv-30', 'conv-41', 'conv-42', 'conv-43']) {
      const group = ['conv-42', 'conv-43'].includes(name) ? 'agent queries, hold-out 42/43' : 'agent queries, tuning 26/30/41';
      await replay(group, name, new Map([...round].filter(([qid]) => qid.startsWith(`${name}/`)).map(([qid, text]) => [qid, [text.split(/\s+/)]])));
    }
  }
}
console.log(`variant\t${[...tallies.keys()].join('\t')}\n\t${[...tallies.values()].map((t) => `(${[...t.values()][0]!.n} q) first / any / results a search`).join('\t')}`);
for (const v of Object.keys(VARIANTS)) {
  const cells = [...tallies.values()].map((t) => {
    const x = t.get(v)!;
    return `${(x.first / x.n).toFixed(3)} / ${(x.any / x.n).toFixed(3)} / ${(x.shown / x.searches).toFixed(2)}`;
  });
  console.log(`${v}\t${cells.join('\t')}`);
}
