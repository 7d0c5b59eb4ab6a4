// Issue 33: why the agent loop's LoCoMo questions were not found in <= 3 searches. Every search a kept run
// recorded is run again on this checkout's memcue over a fresh memory of its conversation, and each
// question is classed by where its judged fact ranks for the agent's own words:
//   npx bun bench/labs/loop-misses.ts OUT.tsv SET=DIR …   (SET conv-44 or dev:hold-out, DIR a kept run)
// OUT.tsv holds ids, classes and ranks only (LoCoMo's text is CC BY-NC); the summary goes to stdout.
// LoCoMo sets come from $MEMCUE_LOCOMO_DIR when it holds them, else the shared data folder.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cutoffFor, search } from '../../src/search/search.js';
import { indexTerms } from '../../src/text/tokenize.js';
import { keepSearchFileCurrent } from '../../src/snapshot/keep-current.js';
import { folderHolding, memcue, openReplay, parseArgv } from '../loop-sets.js';

keepSearchFileCurrent();

// shown: printed; cut: within the search's limit but below the relative cut-off; rank: where the fact
// ranks with limit 100 and no cut-off; absent: not among those 100; unsearched: the agent ran no search.
export type Place = 'shown' | 'cut' | 'rank<=20' | 'rank21-100' | 'absent' | 'unsearched';
const PLACES: Place[] = ['shown', 'cut', 'rank<=20', 'rank21-100', 'absent', 'unsearched'];

// A question asks for a time: its judged fact, recorded as a conversation's note, rarely holds the date.
const WHEN = /^(when|which (year|month)|what (year|month|date)|how long ago)\b|\bwhen\b/i;
const DATE_ANSWER = /\b(19|20)\d\d\b|\b(january|february|march|april|may|june|july|august|september|october|november|december)\b|\b(week|weekend|month|year)s?\b/i;
const SMALL = new Set(['the', 'and', 'for', 'her', 'his', 'she', 'with', 'that', 'has', 'had', 'was', 'are', 'they', 'their', 'from', 'about', 'of', 'a', 'to', 'in', 'on', 'at', 'an', 'by', 'it', 'is', 'be', 'or', 'as']);
const content = (text: string) => new Set(indexTerms(text).filter((t) => t.length > 2 && !SMALL.has(t)));

// Never-found questions read by hand (bench/data/agent-loop-misses/read.tsv): `answers` the judged fact
// answers (or leads to) the question, `noisy` it does not, `event` it is the event but holds no date.
const READ = new Map(readFileSync(new URL('../data/agent-loop-misses/read.tsv', import.meta.url), 'utf8').trim().split('\n').filter((l) => !l.startsWith('#')).map((l) => l.split('\t') as [string, string]));

export interface Row {
  run: string; qid: string; category: string; when: boolean; label: 'answer-in-fact' | 'date' | 'answer-elsewhere'; searches: number; read: string;
  first: boolean; any: boolean; placeFirst: Place; rankFirst: number; shareFirst: string; placeBest: Place; rankBest: number; overlapFirst: number; answerShown: boolean;
}

async function classify(name: string, d: string): Promise<Row[]> {
  const { facts, queries, asked, fresh, store, toSet, textOf, transcript } = await openReplay(name, d, folderHolding(name));
  const names = new Set(facts.flatMap((f) => (f.text.match(/^[A-Z][a-z]+/) ?? []).map((w) => w.toLowerCase())));
  const rows: Row[] = [];
  for (const q of queries.filter((q) => asked.has(q.id))) {
    const runs = transcript.filter((t) => t.qid === q.id);
    const judged = (id: string) => q.relevant.has(toSet.get(id) ?? '');
    const places: { place: Place; rank: number; share: string }[] = [];
    const answer = q.fields.answer ?? '';
    const answerTerms = [...content(answer)];
    let answerShown = false;
    for (const run of runs) {
      const output = await memcue(fresh, ['search', ...run.argv]);
      const lines = output.split('\n').filter((line) => /^[0-9a-z]{20} /.test(line));
      const shown = lines.some((line) => judged(line.slice(0, 20)));
      // An unjudged fact printed that holds every content word of the answer (the qrels name one fact of several).
      if (!shown && answerTerms.length && lines.some((line) => { const held = content(textOf.get(toSet.get(line.slice(0, 20)) ?? '') ?? ''); return answerTerms.every((t) => held.has(t)); })) answerShown = true;
      const { words, limit } = parseArgv(run.argv);
      const pool = search(store, words, { limit, cutoff: 0 });
      const all = search(store, words, { limit: 100, cutoff: 0 });
      const rank = all.findIndex((h) => judged(h.id)) + 1;
      const share = rank ? (all[rank - 1]!.score / all[0]!.score).toFixed(2) : '-';
      const place: Place = shown ? 'shown' : pool.some((h) => judged(h.id)) ? 'cut' : rank && rank <= 20 ? 'rank<=20' : rank ? 'rank21-100' : 'absent';
      places.push({ place, rank, share });
    }
    if (!places.length) places.push({ place: 'unsearched', rank: 0, share: '-' });
    const factTerms = [...q.relevant].map((id) => content(textOf.get(id) ?? ''));
    const label = DATE_ANSWER.test(answer) && WHEN.test(q.text) ? 'date' : answerTerms.some((t) => factTerms.some((f) => f.has(t))) ? 'answer-in-fact' : 'answer-elsewhere';
    const queryTerms = [...content(parseArgv(runs[0]?.argv ?? []).words)].filter((t) => !names.has(t));
    const best = [...places].sort((a, b) => PLACES.indexOf(a.place) - PLACES.indexOf(b.place) || (a.rank || 999) - (b.rank || 999))[0]!;
    rows.push({
      run: d.split('/').pop()!, qid: q.id, category: q.fields.category ?? '', when: WHEN.test(q.text), label, searches: runs.length, read: READ.get(q.id) ?? '',
      first: places[0]!.place === 'shown', any: places.some((p) => p.place === 'shown'),
      placeFirst: places[0]!.place, rankFirst: places[0]!.rank, shareFirst: places[0]!.share, placeBest: best.place, rankBest: best.rank,
      overlapFirst: queryTerms.filter((t) => factTerms.some((f) => f.has(t))).length, answerShown: answerShown && !places.some((p) => p.place === 'shown'),
    });
  }
  store.close();
  rmSync(fresh, { recursive: true, force: true });
  return rows;
}

const [out, ...pairs] = process.argv.slice(2);
if (!out || !pairs.length || pairs.some((p) => !p.includes('='))) {
  console.error('usage: npx bun bench/labs/loop-misses.ts OUT.tsv SET=DIR …');
  process.exit(1);
}
const rows: Row[] = [];
for (const pair of pairs) {
  const [name, d] = pair.split('=') as [string, string];
  const got = await classify(name, d);
  const n = got.length;
  console.log(`${name}: ${n} questions, first ${(got.filter((r) => r.first).length / n).toFixed(3)}, any ${(got.filter((r) => r.any).length / n).toFixed(3)}`);
  rows.push(...got);
}
const keys = Object.keys(rows[0]!) as (keyof Row)[];
writeFileSync(out, [keys.join('\t'), ...rows.map((r) => keys.map((k) => String(r[k])).join('\t'))].join('\n') + '\n');
const count = (pick: (r: Row) => boolean) => rows.filter(pick).length;
const never = rows.filter((r) => !r.any);
console.log(`\n${rows.length} questions, ${count((r) => r.first)} first, ${count((r) => r.any)} any; never found ${never.length}:`);
for (const place of PLACES.slice(1)) {
  const these = never.filter((r) => r.placeBest === place);
  console.log(`  best place ${place}: ${these.length} (when-questions ${these.filter((r) => r.when).length}, date answers ${these.filter((r) => r.label === 'date').length}, answer words not in the judged fact ${these.filter((r) => r.label === 'answer-elsewhere').length}, first search shares no word with the fact but names ${these.filter((r) => r.overlapFirst === 0).length})`);
}
console.log(`  an unjudged printed fact holds every content word of the answer: ${never.filter((r) => r.answerShown).length} (read as answers ${never.filter((r) => r.answerShown && r.read === 'answers').length})`);
for (const verdict of ['answers', 'event', 'noisy']) console.log(`  read by hand, ${verdict}: ${never.filter((r) => r.read === verdict).length} (one search only ${never.filter((r) => r.read === verdict && r.searches <= 1).length})`);
const later = rows.filter((r) => !r.first && r.any).length;
console.log(`first-search misses found later: ${later}; first-search misses by place: ${PLACES.slice(1).map((p) => `${p} ${count((r) => !r.first && r.placeFirst === p)}`).join(', ')}`);
console.log(`cut-off at the default limit vs at a larger one (first search): ${count((r) => r.placeFirst === 'cut' && r.rankFirst <= 5)} / ${count((r) => r.placeFirst === 'cut' && r.rankFirst > 5)}; cutoffFor(10) = ${cutoffFor(10)}`);
