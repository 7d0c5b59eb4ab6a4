// Experiments with query-side expansion (bench/RESULTS.md, 17+): WordNet synonyms and derivations,
// compound splitting and joining, fused with the original query's BM25 scores in JS. Each set is
// loaded into a real memcue database once; every variant then runs all queries against it.
// `npx bun bench/labs/expansion-lab.ts [variant...]`; LAB_SPLIT=hold-out only for the final candidates.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyQrels, parseFacts, parseQueries, type EvalQuery } from '../../src/eval/dataset.js';
import { loadFacts } from '../../src/eval/run.js';
import { combine } from '../quality-run.js';
import { figures, type Figures } from '../../src/eval/metrics.js';
import { splits } from '../../src/search/compounds.js';
import { matchExpression, queryTerms } from '../../src/search/query.js';
import { Store } from '../../src/store/store.js';
import { stemWord } from '../../src/text/tokenize.js';
import { baseForm } from '../../src/text/irregular-english.js';
import { buildMap, type MapOptions } from './wordnet-map.js';
import { readWordNet } from './wordnet.js';
import { loadParts, type Split } from '../quality-sets.js';

interface Variant {
  map?: MapOptions;
  /** Weight of the expansion query's score in the fused score. */
  weight: number;
  compounds?: 'split' | 'join' | 'both';
  /** Shortest half of a split (src/search/compounds.ts), and the shortest word split. */
  partMin?: number;
  splitMin?: number;
  /** Candidates taken from each query before fusing. */
  pool?: number;
  limit?: number;
  cutoff?: number;
  /** Capitalised query words (names: "John", "Maria") are not expanded. */
  keepNames?: boolean;
  /** Expansions only re-rank the original query's candidates (no fact comes in by an expansion alone). */
  rerankOnly?: boolean;
}

const M = (o: Partial<MapOptions>): MapOptions => ({ senses: 1, taggedOnly: false, synonyms: true, derivations: true, maxExpansions: 8, multiword: false, skipNames: 'none', pos: ['noun', 'verb', 'adj', 'adv'], ...o });
const VARIANTS: Record<string, Variant> = {
  base: { weight: 0 },
  'syn+der s1 w1': { map: M({}), weight: 1 },
  'syn+der s1 w.5': { map: M({}), weight: 0.5 },
  'syn+der s1 w.3': { map: M({}), weight: 0.3 },
  'syn s1 w.5': { map: M({ derivations: false }), weight: 0.5 },
  'der s1 w.5': { map: M({ synonyms: false }), weight: 0.5 },
  'syn+der s2 w.5': { map: M({ senses: 2 }), weight: 0.5 },
  'syn+der s3 w.5': { map: M({ senses: 3 }), weight: 0.5 },
  'syn+der tagged w.5': { map: M({ senses: 99, taggedOnly: true }), weight: 0.5 },
  'syn+der s1 max4 w.5': { map: M({ maxExpansions: 4 }), weight: 0.5 },
  'syn+der s1 max16 w.5': { map: M({ maxExpansions: 16 }), weight: 0.5 },
  'syn+der s1 mw w.5': { map: M({ multiword: true }), weight: 0.5 },
  'nm s1 w1': { map: M({}), weight: 1, keepNames: true },
  'nm s1 w.5': { map: M({}), weight: 0.5, keepNames: true },
  'nm sense s1 w1': { map: M({ skipNames: 'sense' }), weight: 1, keepNames: true },
  'nm lemma s1 w1': { map: M({ skipNames: 'lemma' }), weight: 1, keepNames: true },
  'nm sense s1 w.5': { map: M({ skipNames: 'sense' }), weight: 0.5, keepNames: true },
  'nm sense s2 w.5': { map: M({ skipNames: 'sense', senses: 2 }), weight: 0.5, keepNames: true },
  'nm sense nv s1 w1': { map: M({ skipNames: 'sense', pos: ['noun', 'verb'] }), weight: 1, keepNames: true },
  'nm sense nv s1 w.5': { map: M({ skipNames: 'sense', pos: ['noun', 'verb'] }), weight: 0.5, keepNames: true },
  'nm sense n s1 w.5': { map: M({ skipNames: 'sense', pos: ['noun'] }), weight: 0.5, keepNames: true },
  'nm sense s1 max4 w1': { map: M({ skipNames: 'sense', maxExpansions: 4 }), weight: 1, keepNames: true },
  'rr nm sense s1 w1': { map: M({ skipNames: 'sense' }), weight: 1, keepNames: true, rerankOnly: true, pool: 200 },
  'rr nm sense s1 w.5': { map: M({ skipNames: 'sense' }), weight: 0.5, keepNames: true, rerankOnly: true, pool: 200 },
  'rr nm sense s2 w1': { map: M({ skipNames: 'sense', senses: 2 }), weight: 1, keepNames: true, rerankOnly: true, pool: 200 },
  'rr nm sense s3 w.5': { map: M({ skipNames: 'sense', senses: 3 }), weight: 0.5, keepNames: true, rerankOnly: true, pool: 200 },
  'rr nm sense s1 max16 w1': { map: M({ skipNames: 'sense', maxExpansions: 16 }), weight: 1, keepNames: true, rerankOnly: true, pool: 200 },
  'lem s1 w1': { map: M({ skipNames: 'sense', byLemma: true }), weight: 1, keepNames: true },
  'lem s1 w.5': { map: M({ skipNames: 'sense', byLemma: true }), weight: 0.5, keepNames: true },
  'lem nv s1 w1': { map: M({ skipNames: 'sense', byLemma: true, pos: ['noun', 'verb'] }), weight: 1, keepNames: true },
  'lem nv s1 w.5': { map: M({ skipNames: 'sense', byLemma: true, pos: ['noun', 'verb'] }), weight: 0.5, keepNames: true },
  'lem der s1 w1': { map: M({ skipNames: 'sense', byLemma: true, synonyms: false }), weight: 1, keepNames: true },
  'lem syn s1 w1': { map: M({ skipNames: 'sense', byLemma: true, derivations: false }), weight: 1, keepNames: true },
  'lem s1 max4 w1': { map: M({ skipNames: 'sense', byLemma: true, maxExpansions: 4 }), weight: 1, keepNames: true },
  'lem s1 rr w1': { map: M({ skipNames: 'sense', byLemma: true }), weight: 1, keepNames: true, rerankOnly: true, pool: 200 },
  'lem s1 w.3': { map: M({ skipNames: 'sense', byLemma: true }), weight: 0.3, keepNames: true },
  'lem der s1 w1 +both': { map: M({ skipNames: 'sense', byLemma: true, synonyms: false }), weight: 1, keepNames: true, compounds: 'both', partMin: 3 },
  'lem der s2 w1': { map: M({ skipNames: 'sense', byLemma: true, synonyms: false, senses: 2 }), weight: 1, keepNames: true },
  'lem der tagged w1': { map: M({ skipNames: 'sense', byLemma: true, synonyms: false, senses: 99, taggedOnly: true }), weight: 1, keepNames: true },
  'split w1': { weight: 1, compounds: 'split', partMin: 3 },
  'split4 w1': { weight: 1, compounds: 'split', partMin: 4 },
  'split w1 >=7': { weight: 1, compounds: 'split', partMin: 3, splitMin: 7 },
  'split4 w1 >=8': { weight: 1, compounds: 'split', partMin: 4, splitMin: 8 },
  'split w.5': { weight: 0.5, compounds: 'split', partMin: 3 },
  'join w1': { weight: 1, compounds: 'join' },
  'both w1': { weight: 1, compounds: 'both', partMin: 3 },
  'both w.5': { weight: 0.5, compounds: 'both', partMin: 3 },
};

const split = (process.env.LAB_SPLIT ?? 'tune') as Split;
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(VARIANTS);
const wn = chosen.some((v) => VARIANTS[v]?.map) ? readWordNet() : undefined;
const maps = new Map<string, Map<string, string[]>>();
const mapFor = (o: MapOptions) => {
  const key = JSON.stringify(o);
  if (!maps.has(key)) maps.set(key, buildMap(wn!, o));
  return maps.get(key)!;
};

interface Scored {
  id: string;
  score: number;
  created: string;
}

function run(store: Store, match: string | undefined, pool: number): Scored[] {
  if (!match) return [];
  return store.db
    .all(
      `SELECT f.id, f.created_at, -bm25(fact_index, 1.0, 1.0) AS score FROM fact_index JOIN facts f ON f.rowid = fact_index.rowid
       WHERE fact_index MATCH ? ORDER BY round(score, 6) DESC, f.created_at DESC LIMIT ?`,
      [match, pool],
    )
    .map((r) => ({ id: String(r.id), score: Number(r.score), created: String(r.created_at) }));
}

const quote = (t: string) => `"${t.replace(/"/g, '""')}"`;
const WORDS = /[a-z]+/g;

/** Expansion terms (index terms or phrases of them) for a query, none of them an original term. */
function expansions(query: string, v: Variant): string[] {
  const original = new Set(queryTerms(query));
  const names = new Set(v.keepNames ? (query.match(/\b[A-Z][a-z]+/g) ?? []).map((w) => stemWord(w.toLowerCase())) : []);
  const out = new Set<string>();
  if (v.map && !v.map.byLemma) for (const t of original) if (!names.has(t)) for (const e of mapFor(v.map).get(t) ?? []) out.add(e);
  if (v.map?.byLemma) {
    const map = mapFor(v.map);
    for (const word of query.match(/[A-Za-z]+/g) ?? []) {
      if (v.keepNames && /^[A-Z]/.test(word)) continue;
      const w = word.toLowerCase();
      if (!original.has(stemWord(w))) continue;
      const found = lemmaCandidates(w).find((c) => map.has(c));
      for (const e of found ? map.get(found)! : []) out.add(e);
    }
  }
  const words = queryTerms(query).length ? query.toLowerCase().match(WORDS) ?? [] : [];
  const content = words.filter((w) => original.has(stemWord(w)));
  if (v.compounds === 'split' || v.compounds === 'both') {
    for (const w of content) if (w.length >= (v.splitMin ?? 0)) for (const p of splits(w, v.partMin)) out.add(p);
  }
  if (v.compounds === 'join' || v.compounds === 'both') {
    for (let i = 0; i + 1 < content.length; i++) out.add(stemWord(content[i]! + content[i + 1]!));
  }
  for (const t of original) out.delete(t);
  return [...out];
}

/** Base forms a word may be an inflection of, most likely first (a small morphy). */
function lemmaCandidates(w: string): string[] {
  const out = [w, baseForm(w)];
  const strip = (suffix: string, add = '') => w.endsWith(suffix) && w.length > suffix.length + 2 && out.push(w.slice(0, -suffix.length) + add);
  strip('ies', 'y'); strip('es'); strip('s'); strip('ied', 'y'); strip('ed'); strip('ed', 'e'); strip('ing'); strip('ing', 'e');
  if (/(.)\1(ed|ing)$/.test(w)) out.push(w.replace(/(.)\1(ed|ing)$/, '$1'));
  return out;
}

function searchVariant(store: Store, query: string, v: Variant): string[] {
  const pool = v.pool ?? 50;
  const scores = new Map<string, Scored>();
  for (const s of run(store, matchExpression(query, false), pool)) scores.set(s.id, { ...s });
  const exp = v.weight > 0 ? expansions(query, v) : [];
  if (exp.length) {
    for (const s of run(store, exp.map(quote).join(' OR '), pool)) {
      const prior = scores.get(s.id);
      if (prior) prior.score += v.weight * s.score;
      else if (!v.rerankOnly) scores.set(s.id, { ...s, score: v.weight * s.score });
    }
  }
  const ranked = [...scores.values()].sort((a, b) => b.score - a.score || (a.created < b.created ? 1 : -1)).slice(0, v.limit ?? 5);
  const best = ranked[0]?.score ?? 0;
  return ranked.filter((s) => s.score >= best * (v.cutoff ?? 0.6)).map((s) => s.id);
}

const work = mkdtempSync(join(tmpdir(), 'memcue-lab-'));
const results = new Map<string, Map<string, Figures[]>>(); // variant → dataset → per part
try {
  for (const part of loadParts().filter((p) => p.split === split)) {
    const facts = parseFacts(part.facts);
    const queries: EvalQuery[] = parseQueries(part.queries);
    if (part.qrels) applyQrels(queries, part.qrels);
    const judged = queries.filter((q) => q.relevant.size > 0);
    const store = (await Store.open(join(work, `${part.name}.db`), { write: true }))!;
    try {
      const external = await loadFacts(store, facts, 'lab');
      for (const name of chosen) {
        const v = VARIANTS[name];
        if (!v) throw new Error(`no variant ${name}`);
        const judgedRuns = judged.map((q) => ({ returned: searchVariant(store, q.text, v).map((id) => external.get(id) ?? id), relevant: q.relevant }));
        if (process.env.LAB_DIFF && name !== 'base') {
          judged.forEach((q, i) => {
            const hit = (r: string[]) => r.slice(0, 5).some((id) => q.relevant.has(id));
            const before = hit(searchVariant(store, q.text, VARIANTS.base!).map((id) => external.get(id) ?? id));
            if (before !== hit(judgedRuns[i]!.returned)) console.log(`${name}: ${before ? 'LOST' : 'GAINED'} ${q.id} ${q.text} [${expansions(q.text, v).join(', ')}]`);
          });
        }
        const f = figures(judgedRuns);
        const byDataset = results.get(name) ?? new Map<string, Figures[]>();
        byDataset.set(part.dataset, [...(byDataset.get(part.dataset) ?? []), f]);
        results.set(name, byDataset);
      }
    } finally {
      store.close();
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
const cell = (f: Figures) => [f.hit_at_1, f.hit_at_5, f.mrr].map((x) => x.toFixed(3)).join(' / ') + ` / ${f.avg_results.toFixed(2)}`;
console.log(`split: ${split}   LoCoMo h1 / h5 / MRR / avg | XQuAD-ru h1 / h5 / MRR / avg`);
for (const [name, byDataset] of results) {
  console.log(`${name.padEnd(24)} ${cell(combine(byDataset.get('LoCoMo')!))} | ${cell(combine(byDataset.get('XQuAD-ru')!))}`);
}
