// The sets of the agent loop (bench/agent-loop.ts) and what its runs recorded, shared with the labs that
// replay them (bench/labs/loop-misses.ts, cutoff-replay-lab.ts; issue 33): one reader of the dev and
// LoCoMo sets, one memcue runner, one fresh memory per replay.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { applyQrels, parseFacts, parseQueries, type EvalFact, type EvalQuery } from '../src/eval/dataset.js';
import { loadFacts } from '../src/eval/run.js';
import { runCli } from '../src/cli.js';
import { DEFAULT_LIMIT } from '../src/search/search.js';
import { Store } from '../src/store/store.js';
import { locomoDir } from './quality-sets.js';

/** A dev split (`dev:NAME`) or a LoCoMo conversation, from `folder` (default: locomoFolder()). */
export function loadSet(name: string, folder?: string): { facts: EvalFact[]; queries: EvalQuery[] } {
  if (name.startsWith('dev:')) {
    const data = new URL('./data/dev/', import.meta.url);
    const facts = parseFacts(readFileSync(new URL('facts.jsonl', data), 'utf8'));
    const queries = parseQueries(readFileSync(new URL('queries.jsonl', data), 'utf8')).filter((q) => q.fields.split === name.slice(4));
    return { facts, queries };
  }
  const shared = folder ?? locomoFolder();
  const lines = (file: string) => readFileSync(join(shared, file), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  const all = lines('locomo_facts.jsonl');
  const facts = parseFacts(all.filter((f) => f.conv === name).map((f) => JSON.stringify(f)).join('\n'));
  if (!facts.length) {
    const here = [...new Set(all.map((f) => String(f.conv)))].join(', ');
    throw new Error(`${name} is not in ${shared} (it has ${here}): MEMCUE_LOCOMO_DIR names a folder of other conversations (bench/locomo-convert.ts)`);
  }
  const queries = parseQueries(lines('locomo_queries.jsonl').filter((q) => q.conv === name && q.category !== 5).map((q) => JSON.stringify(q)).join('\n'));
  applyQrels(queries, readFileSync(join(shared, 'locomo_qrels.tsv'), 'utf8'));
  return { facts, queries: queries.filter((q) => q.relevant.size > 0) };
}

/** $MEMCUE_LOCOMO_DIR if set (nothing else is looked at then), else the shared data folder. */
export function locomoFolder(): string {
  const own = process.env.MEMCUE_LOCOMO_DIR;
  if (own) {
    if (!existsSync(join(own, 'locomo_facts.jsonl'))) throw new Error(`MEMCUE_LOCOMO_DIR=${own} has no locomo_facts.jsonl: point it at a folder bench/locomo-convert.ts wrote`);
    return resolve(own);
  }
  const shared = locomoDir();
  if (!shared) throw new Error('LoCoMo is not here: set MEMCUE_SHARED_DATA to the shared data folder, or MEMCUE_LOCOMO_DIR to a folder bench/locomo-convert.ts wrote');
  return shared;
}

/**
 * For the labs, which replay runs on both LoCoMo halves in one go: the folder of $MEMCUE_LOCOMO_DIR and the
 * shared one that holds conversation `name` (undefined for a dev split).
 */
export function folderHolding(name: string): string | undefined {
  if (name.startsWith('dev:')) return undefined;
  const dir = [process.env.MEMCUE_LOCOMO_DIR, locomoDir()].find((d) => d && existsSync(join(d, 'locomo_facts.jsonl')) && readFileSync(join(d, 'locomo_facts.jsonl'), 'utf8').includes(`"conv":"${name}"`));
  if (!dir) throw new Error(`${name}: not in MEMCUE_LOCOMO_DIR nor the shared data folder`);
  return dir;
}

export const env = (d: string) => ({ HOME: d, XDG_DATA_HOME: join(d, 'data'), XDG_STATE_HOME: join(d, 'state'), MEMCUE_DB: join(d, 'memory.db'), MEMCUE_HOST: 'agent-loop', PATH: process.env.PATH ?? '' });

export async function memcue(d: string, argv: string[]): Promise<string> {
  let out = '';
  await runCli(argv, { env: env(d), cwd: d, stdout: (t) => (out += t), stderr: (t) => (out += t), readStdin: async () => '' });
  return out;
}

/** The words of a `memcue search` argv (its flags and their values left out) and its limit. */
export function parseArgv(argv: string[]): { words: string; limit: number } {
  const valued = new Set(['-n', '--limit', '--in', '--kind', '--scope']);
  const at = argv.findIndex((w) => w === '-n' || w === '--limit');
  const limit = at >= 0 ? Number(argv[at + 1]) || DEFAULT_LIMIT : DEFAULT_LIMIT;
  return { words: argv.filter((w, i) => !w.startsWith('-') && !valued.has(argv[i - 1] ?? '')).join(' '), limit };
}

/** A run's questions (DIR/questions.jsonl: a run may cover part of a set). */
export function askedIn(d: string): Set<string> {
  return new Set(readFileSync(join(d, 'questions.jsonl'), 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { qid: string }).qid));
}

export interface Replay {
  facts: EvalFact[];
  queries: EvalQuery[];
  asked: Set<string>;
  /** A fresh folder holding memory.db with the set's facts; the caller closes the store and removes it. */
  fresh: string;
  store: Store;
  /** memcue's id of a fact → the set's. */
  toSet: Map<string, string>;
  textOf: Map<string, string>;
  transcript: { qid: string; argv: string[] }[];
}

/** What replaying run `d` of set `name` needs: the set, a fresh memory of it, the run's recorded searches. */
export async function openReplay(name: string, d: string, folder?: string): Promise<Replay> {
  const { facts, queries } = loadSet(name, folder);
  const fresh = mkdtempSync(join(tmpdir(), 'memcue-replay-'));
  const store = (await Store.open(join(fresh, 'memory.db'), { write: true }))!;
  const toSet = await loadFacts(store, facts, 'agent-loop');
  const transcript = readFileSync(join(d, 'transcript.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { qid: string; argv: string[] });
  return { facts, queries, asked: askedIn(d), fresh, store, toSet, textOf: new Map(facts.map((f) => [f.id, f.text])), transcript };
}
