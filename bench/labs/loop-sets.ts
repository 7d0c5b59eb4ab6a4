// The sets and the recorded searches of agent-loop runs, for the labs that replay them (issue 33).
// LoCoMo sets come from $MEMCUE_LOCOMO_DIR when it holds them, else the shared data folder.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyQrels, parseFacts, parseQueries, type EvalFact, type EvalQuery } from '../../src/eval/dataset.js';
import { runCli } from '../../src/cli.js';
import { DEFAULT_LIMIT } from '../../src/search/search.js';
import { locomoDir } from '../quality-sets.js';

export function loadSet(name: string): { facts: EvalFact[]; queries: EvalQuery[] } {
  if (name.startsWith('dev:')) {
    const data = new URL('../data/dev/', import.meta.url);
    const queries = parseQueries(readFileSync(new URL('queries.jsonl', data), 'utf8')).filter((q) => q.fields.split === name.slice(4));
    return { facts: parseFacts(readFileSync(new URL('facts.jsonl', data), 'utf8')), queries };
  }
  const dir = [process.env.MEMCUE_LOCOMO_DIR, locomoDir()].find((d) => d && existsSync(join(d, 'locomo_facts.jsonl')) && readFileSync(join(d, 'locomo_facts.jsonl'), 'utf8').includes(`"conv":"${name}"`));
  if (!dir) throw new Error(`${name}: not in MEMCUE_LOCOMO_DIR nor the shared data folder`);
  const lines = (file: string) => readFileSync(join(dir, file), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  const facts = parseFacts(lines('locomo_facts.jsonl').filter((f) => f.conv === name).map((f) => JSON.stringify(f)).join('\n'));
  const queries = parseQueries(lines('locomo_queries.jsonl').filter((q) => q.conv === name && q.category !== 5).map((q) => JSON.stringify(q)).join('\n'));
  applyQrels(queries, readFileSync(join(dir, 'locomo_qrels.tsv'), 'utf8'));
  return { facts, queries: queries.filter((q) => q.relevant.size > 0) };
}

export const env = (d: string) => ({ HOME: d, XDG_DATA_HOME: join(d, 'data'), XDG_STATE_HOME: join(d, 'state'), MEMCUE_DB: join(d, 'memory.db'), MEMCUE_HOST: 'agent-loop', PATH: process.env.PATH ?? '' });

export async function memcue(d: string, argv: string[]): Promise<string> {
  let out = '';
  await runCli(argv, { env: env(d), cwd: d, stdout: (t) => (out += t), stderr: (t) => (out += t), readStdin: async () => '' });
  return out;
}

/** The words of a `memcue search` argv and its limit. */
export function parseArgv(argv: string[]): { words: string; limit: number } {
  const valued = new Set(['-n', '--limit', '--in', '--kind', '--scope']);
  const at = argv.findIndex((w) => w === '-n' || w === '--limit');
  const limit = at >= 0 ? Number(argv[at + 1]) || DEFAULT_LIMIT : DEFAULT_LIMIT;
  return { words: argv.filter((w, i) => !w.startsWith('-') && !valued.has(argv[i - 1] ?? '')).join(' '), limit };
}
