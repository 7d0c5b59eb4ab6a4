// The agent-loop benchmark (issue 23), driven by files so that any model session can play the agent:
//   npx bun bench/agent-loop.ts prepare SET DIR [FROM-TO]   a memory of SET's facts in DIR, the card, the
//                                                  questions (FROM-TO: only the set's questions FROM to TO,
//                                                  counted from 1, e.g. 76-150)
//   npx bun bench/agent-loop.ts search DIR QID WORDS…   one `memcue search` for question QID: prints what
//                                                  memcue prints and logs it in DIR/transcript.jsonl
//   (the model writes DIR/answers.jsonl: {"qid": "...", "ids": ["first 8 characters of an id", …]})
//   npx bun bench/agent-loop.ts score SET DIR      first-search hit, any-search hit, chosen hit, searches/question
//   npx bun bench/agent-loop.ts replay SET DIR [misses]   the searches a run recorded (DIR: a run or a kept
//                                                  one), run again on this checkout's memcue over a fresh
//                                                  memory: first/any-search hit now; `misses` also prints
//                                                  each first-search miss with where its fact ranks
//   npx bun bench/agent-loop.ts keep DIR OUT        the run without the set's text, for bench/data/agent-loop/:
//                                                  the card, the searches run, the ids each one showed, the
//                                                  answers and the id map (LoCoMo's text is CC BY-NC); `score
//                                                  SET OUT` scores it again
// SET: `dev:tune` / `dev:hold-out` (bench/data/dev), or a LoCoMo conversation (`conv-26`; shared data,
// or `MEMCUE_LOCOMO_DIR`: a folder bench/locomo-convert.ts wrote, e.g. conv-44…50, for prepare, score
// and replay alike).
// The model sees only DIR/card.md, DIR/questions.jsonl and the search output; the answers stay here.
// The instruction to hand it: bench/data/agent-loop.instruction.md.
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EvalQuery } from '../src/eval/dataset.js';
import { loadFacts } from '../src/eval/run.js';
import { Store } from '../src/store/store.js';
import { search as searchMemory } from '../src/search/search.js';
import { askedIn, loadSet, memcue, openReplay, parseArgv } from './loop-sets.js';
import { keepSearchFileCurrent } from '../src/snapshot/keep-current.js';

keepSearchFileCurrent(); // as the CLI does: the store's writes keep the search file current

const MAX_SEARCHES = 3;
const [command, set, dir, ...rest] = process.argv.slice(2);

async function prepare(name: string, d: string, range?: string): Promise<void> {
  mkdirSync(d, { recursive: true });
  const { facts, queries: all } = loadSet(name);
  const [from, to] = (range ?? `1-${all.length}`).split('-').map(Number);
  if (!from || !to || from > to || from > all.length) throw new Error(`questions ${range}: say FROM-TO within 1-${all.length}`);
  const queries = all.slice(from - 1, to);
  const store = (await Store.open(join(d, 'memory.db'), { write: true }))!;
  const ids = await loadFacts(store, facts, 'agent-loop');
  store.close();
  // The set's fact ids of the stored ones, for scoring (never shown to the model).
  writeFileSync(join(d, '.ids.json'), JSON.stringify(Object.fromEntries(ids)));
  writeFileSync(join(d, 'card.md'), await memcue(d, ['card']));
  writeFileSync(join(d, 'questions.jsonl'), queries.map((q) => JSON.stringify({ qid: q.id, question: q.text })).join('\n') + '\n');
  console.log(`${facts.length} facts, ${queries.length} questions in ${d}`);
}

async function search(d: string, qid: string, words: string[]): Promise<void> {
  const log = join(d, 'transcript.jsonl');
  const before = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { qid: string }) : [];
  if (before.filter((e) => e.qid === qid).length >= MAX_SEARCHES) {
    console.log(`(no more searches for ${qid}: ${MAX_SEARCHES} is the limit; answer with what you have)`);
    return;
  }
  const argv = ['search', ...words];
  const output = await memcue(d, argv);
  process.stdout.write(output);
  appendFileSync(log, JSON.stringify({ qid, argv: words, output }) + '\n');
}

function score(name: string, d: string): void {
  // A run may cover a subset of the set's questions (DIR/questions.jsonl cut short): score those.
  const asked = askedIn(d);
  const queries = loadSet(name).queries.filter((q) => asked.has(q.id));
  const idMap = existsSync(join(d, '.ids.json')) ? '.ids.json' : 'ids.json'; // `keep` names it visibly
  const toSet = new Map(Object.entries(JSON.parse(readFileSync(join(d, idMap), 'utf8')) as Record<string, string>));
  // An id as the output shows it or its first 8 characters (the card's rule); anything shorter, an
  // empty line included, names no fact (every id starts with '').
  const setIdOf = (shown: string) => (shown.length < 8 ? undefined : [...toSet].find(([id]) => id.startsWith(shown))?.[1]);
  const transcript = readFileSync(join(d, 'transcript.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { qid: string; output: string });
  const answers = existsSync(join(d, 'answers.jsonl')) ? readFileSync(join(d, 'answers.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { qid: string; ids: string[] }) : [];
  const found = (output: string, q: EvalQuery) => output.split('\n').some((line) => q.relevant.has(setIdOf(line.split(' ')[0] ?? '') ?? ''));
  let first = 0, any = 0, chosen = 0, searches = 0;
  for (const q of queries) {
    const runs = transcript.filter((t) => t.qid === q.id);
    searches += runs.length;
    if (runs[0] && found(runs[0].output, q)) first++;
    if (runs.some((r) => found(r.output, q))) any++;
    const ids = answers.find((a) => a.qid === q.id)?.ids ?? [];
    if (ids.some((id) => q.relevant.has(setIdOf(id) ?? ''))) chosen++;
  }
  const n = queries.length;
  console.log(`${name}: ${n} questions; first search ${(first / n).toFixed(3)}, any search ${(any / n).toFixed(3)}, chosen ${(chosen / n).toFixed(3)}, ${(searches / n).toFixed(2)} searches per question`);
}

/**
 * The run's searches again, as the agent typed them, on this checkout over a fresh memory of the set:
 * how a product change would have served the same queries (issue 33). A replay cannot say what an
 * agent would have typed next, so `any` counts the recorded searches only.
 */
async function replay(name: string, d: string, misses: boolean): Promise<void> {
  const { queries, asked, fresh, store, toSet, textOf, transcript } = await openReplay(name, d);
  let first = 0, any = 0, n = 0, shown = 0, searches = 0;
  for (const q of queries.filter((q) => asked.has(q.id))) {
    const runs = transcript.filter((t) => t.qid === q.id);
    const hits: boolean[] = [];
    for (const run of runs) {
      const output = await memcue(fresh, ['search', ...run.argv]);
      shown += output.split('\n').filter((line) => /^[0-9a-z]{20} /.test(line)).length;
      searches++;
      hits.push(output.split('\n').some((line) => q.relevant.has(toSet.get(line.split(' ')[0] ?? '') ?? '')));
    }
    n++;
    if (hits[0]) first++;
    if (hits.some(Boolean)) any++;
    if (misses && runs[0] && !hits[0]) {
      // Where the fact ranks with no limit and no cut-off: 6+ is ranking, a rank within 5 is the cut-off, none is vocabulary.
      const ranked = searchMemory(store, parseArgv(runs[0].argv).words, { limit: 100, cutoff: 0 });
      const rank = ranked.findIndex((h) => q.relevant.has(toSet.get(h.id) ?? '')) + 1;
      const score = rank ? (ranked[rank - 1]!.score / ranked[0]!.score).toFixed(2) : '-';
      console.log(`${q.id} rank ${rank || 'none'} (${score} of the best) ${hits.some(Boolean) ? 'found later' : 'never'}\n  Q: ${q.text}\n  S: ${runs.map((r) => r.argv.join(' ')).join(' | ')}`);
      for (const id of q.relevant) console.log(`  F: ${textOf.get(id)}`);
    }
  }
  store.close();
  rmSync(fresh, { recursive: true, force: true });
  console.log(`${name} replayed (${d}): ${n} questions; first search ${(first / n).toFixed(3)}, any recorded search ${(any / n).toFixed(3)}, ${(shown / searches).toFixed(2)} results a search`);
}


/** A result line's id, or the line itself where it is not a result (a note such as "no facts match"). */
const shownId = (line: string) => (/^[0-9a-z]{20} /.test(line) ? line.slice(0, 20) : line);

function keep(d: string, out: string): void {
  mkdirSync(out, { recursive: true });
  const jsonl = (file: string) => readFileSync(join(d, file), 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
  const write = (file: string, rows: unknown[]) => writeFileSync(join(out, file), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  write('questions.jsonl', jsonl('questions.jsonl').map(({ qid }) => ({ qid })));
  write('transcript.jsonl', jsonl('transcript.jsonl').map(({ qid, argv, output }) => ({ qid, argv, output: String(output).split('\n').filter(Boolean).map(shownId).join('\n') + '\n' })));
  write('answers.jsonl', jsonl('answers.jsonl'));
  writeFileSync(join(out, 'card.md'), readFileSync(join(d, 'card.md')));
  writeFileSync(join(out, 'ids.json'), readFileSync(join(d, '.ids.json')));
}

const USAGE = `usage: npx bun bench/agent-loop.ts COMMAND …
  prepare SET DIR [FROM-TO]        a memory of SET's facts in DIR, card.md and questions.jsonl (FROM-TO: those questions, from 1)
  search DIR QID WORDS…            one \`memcue search\` for question QID, logged in DIR/transcript.jsonl (at most ${MAX_SEARCHES})
  score SET DIR                    first-search hit, any-search hit, chosen hit (DIR/answers.jsonl), searches a question
  replay SET DIR [misses]          a run's recorded searches again on this checkout, over a fresh memory
  keep DIR OUT                     the run without the set's text, for bench/data/agent-loop/
SET: dev:tune, dev:hold-out, or a LoCoMo conversation (conv-26)
MEMCUE_SHARED_DATA  the shared data folder with LoCoMo's conv-26, 30, 41, 42, 43 (default ../shared/data/eval)
MEMCUE_LOCOMO_DIR   LoCoMo from this folder instead: what bench/locomo-convert.ts wrote (e.g. conv-44, 47, 48, 49, 50)`;

try {
  if (command === 'prepare') await prepare(set!, dir!, rest[0]);
  else if (command === 'replay') await replay(set!, dir!, rest[0] === 'misses');
  else if (command === 'search') await search(set!, dir!, rest);
  else if (command === 'score') score(set!, dir!);
  else if (command === 'keep') keep(set!, dir!);
  else if (command === '--help' || command === 'help') console.log(USAGE);
  else {
    console.error(USAGE);
    process.exitCode = 1;
  }
} catch (err) {
  // One line for a person; MEMCUE_DEBUG=1 shows where.
  if (process.env.MEMCUE_DEBUG === '1') throw err;
  console.error(`agent-loop: ${(err as Error).message}`);
  process.exitCode = 1;
}
