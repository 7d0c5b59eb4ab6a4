// `npm run bench:e2e`: does an agent with memcue do repository work better than with no memory and
// than with Claude Code's MEMORY.md? (issue 32; docs/benchmarks.md, "End to end")
//   --tasks DIR --conditions none,file,memcue[,scale] --repeats N --agent AGENT --out FILE.jsonl
//   --only T1,T2   a subset of the tasks        --work DIR   where the run folders go (not inside DIR)
//   --jobs N       runs at once (default 1; each run is its own session in its own folder)
//   --verify       every task's checker: untouched low, reference.patch full, plain.patch loses
//                  exactly the memory criteria
//   --score ROOT   scores the runs a `--agent manual` run prepared in ROOT (its runs.json)
//   --table FILE   prints the table of a results file again
// AGENT: oracle, null, manual, claude, codex, gemini (MEMCUE_E2E_MODEL picks the model).
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expandConditions } from './conditions.js';
import { importFacts } from './memcue-env.js';
import { AGENTS, readLines, scoreRun, startRun, type Agent, type RunRecord } from './runner.js';
import { loadSet, SetError, type TaskSet } from './set.js';
import type { RunLine } from './stats.js';
import { table } from './table.js';
import { verifyTask } from './verify.js';

type Options = Record<string, string | true>;

const VALUED = ['--tasks', '--conditions', '--repeats', '--agent', '--out', '--only', '--work', '--score', '--table', '--jobs'];
const FLAGS = ['--verify', '--help'];

export function parseArgs(argv: string[]): Options {
  const o: Options = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (FLAGS.includes(a)) o[a.slice(2)] = true;
    else if (VALUED.includes(a)) {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${a} needs a value (see the top of bench/e2e/run.ts)`);
      o[a.slice(2)] = v;
    } else throw new Error(`unknown argument "${a}" (options: ${[...VALUED, ...FLAGS].join(' ')})`);
  }
  return o;
}

const str = (o: Options, key: string): string | undefined => (typeof o[key] === 'string' ? (o[key] as string) : undefined);

function tasksOf(set: TaskSet, only?: string) {
  if (!only) return set.tasks;
  const ids = only.split(',').map((s) => s.trim()).filter(Boolean);
  for (const id of ids) if (!set.tasks.some((t) => t.id === id)) throw new Error(`--only: no task "${id}" in ${set.dir}`);
  return set.tasks.filter((t) => ids.includes(t.id));
}

function workRoot(o: Options, set: TaskSet): string {
  const root = resolve(str(o, 'work') ?? join(tmpdir(), 'memcue-e2e', new Date().toISOString().replace(/[:.]/g, '-')));
  const rel = relative(set.dir, root);
  if (!rel.startsWith('..') && !rel.startsWith('/')) throw new Error(`--work ${root} is inside the task set: the agent could read the checks (pick a folder outside ${set.dir})`);
  mkdirSync(root, { recursive: true });
  return root;
}

function emit(lines: RunLine[], line: RunLine, out: string | undefined): void {
  lines.push(line);
  if (out) appendFileSync(out, JSON.stringify(line) + '\n');
  console.log(`  ${line.task} ${line.condition} #${line.repeat}: ${line.passed}/${line.total}${line.searches ? `, ${line.searches} searches` : ''}`);
}

function verify(o: Options): number {
  const set = loadSet(str(o, 'tasks') ?? fail('--verify needs --tasks DIR'));
  const root = workRoot(o, set);
  let bad = 0;
  // Every memcue run imports the set's facts: a fact memcue refuses (a secret, too long) breaks them all.
  for (const [label, facts] of [['facts', set.facts], ['scale facts', [...set.facts, ...set.scale]]] as const) {
    if (label === 'scale facts' && !set.hasScale) continue;
    try {
      importFacts(join(root, `verify-${label.replace(' ', '-')}`), facts);
      console.log(`ok   ${label}: ${facts.length} import into memcue`);
    } catch (err) {
      bad++;
      console.log(`FAIL ${label}: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  for (const task of tasksOf(set, str(o, 'only'))) {
    const { problems, summary } = verifyTask(set, task, root);
    if (problems.length) bad++;
    console.log(`${problems.length ? 'FAIL' : 'ok  '} ${task.id}: ${summary}${problems.length ? ` — ${problems.join('; ')}` : ''}`);
  }
  console.log(bad ? `${bad} of these fail (work in ${root})` : `every checker holds (work in ${root})`);
  return bad ? 1 : 0;
}

async function runAll(o: Options): Promise<number> {
  const set = loadSet(str(o, 'tasks') ?? fail('give --tasks DIR (a task set folder)'));
  const agent = (str(o, 'agent') ?? fail(`give --agent (${AGENTS.join(', ')})`)) as Agent;
  if (!AGENTS.includes(agent)) fail(`--agent: unknown agent "${agent}" (${AGENTS.join(', ')})`);
  const repeats = Number(str(o, 'repeats') ?? 1);
  if (!Number.isInteger(repeats) || repeats < 1) fail('--repeats must be a whole number ≥ 1');
  const jobs = Number(str(o, 'jobs') ?? 1);
  if (!Number.isInteger(jobs) || jobs < 1) fail('--jobs must be a whole number ≥ 1');
  const conditions = expandConditions(str(o, 'conditions') ?? 'none,file,memcue', set, (l) => console.log(l));
  const tasks = tasksOf(set, str(o, 'only'));
  const root = workRoot(o, set);
  const out = str(o, 'out') ? resolve(str(o, 'out')!) : agent === 'manual' ? undefined : join(root, 'results.jsonl');
  console.log(`${tasks.length} tasks × ${conditions.join(', ')} × ${repeats}, agent ${agent}; runs in ${root}`);
  // Repeat by repeat, task by task, the conditions of one task side by side: a slow hour of the
  // model's service falls on every condition alike.
  const todo = [...Array(repeats).keys()].flatMap((r) => tasks.flatMap((task) => conditions.map((condition) => ({ task, condition, repeat: r + 1 }))));
  const records: RunRecord[] = [];
  const lines: RunLine[] = [];
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const { task, condition, repeat } = todo[next++]!;
      const record = await startRun(set, task, condition, repeat, agent, root);
      records.push(record);
      if (agent !== 'manual') emit(lines, scoreRun(set, record), out);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, todo.length) }, worker));
  if (agent === 'manual') {
    records.sort((a, b) => a.name.localeCompare(b.name));
    writeFileSync(join(root, 'runs.json'), JSON.stringify({ set: set.dir, agent, runs: records }, null, 2) + '\n');
    console.log(`${records.length} run folders in ${root}. Give each RUN/brief.md to a fresh model instance that sees only RUN;`);
    console.log(`then: npm run bench:e2e -- --score ${root} --out FILE.jsonl`);
    return 0;
  }
  console.log(`\n${table(lines)}\nresults: ${out}`);
  return 0;
}

function scoreManual(o: Options): number {
  const root = resolve(str(o, 'score')!);
  const file = join(root, 'runs.json');
  if (!existsSync(file)) fail(`${file} is missing: --score takes the folder of a --agent manual run`);
  const { set: dir, runs } = JSON.parse(readFileSync(file, 'utf8')) as { set: string; runs: RunRecord[] };
  const set = loadSet(dir);
  const out = str(o, 'out') ? resolve(str(o, 'out')!) : join(root, 'results.jsonl');
  const lines: RunLine[] = [];
  // The folders are found where runs.json is now: a root moved or copied elsewhere scores the same.
  for (const record of runs.map((r) => ({ ...r, run: join(root, r.name) }))) {
    if (!existsSync(join(record.run, 'answer.md'))) console.log(`  ${record.name}: no answer.md (the agent wrote no final message; scored as it is)`);
    emit(lines, scoreRun(set, record), out);
  }
  console.log(`\n${table(lines)}\nresults: ${out}`);
  return 0;
}

function fail(message: string): never {
  throw new Error(message);
}

export async function main(argv: string[]): Promise<number> {
  const o = parseArgs(argv);
  if (o.help) {
    console.log(readFileSync(new URL(import.meta.url), 'utf8').split('\n').filter((l) => l.startsWith('//')).map((l) => l.slice(3)).join('\n'));
    return 0;
  }
  if (o.verify) return verify(o);
  if (str(o, 'score')) return scoreManual(o);
  if (str(o, 'table')) {
    process.stdout.write(table(readLines(resolve(str(o, 'table')!))));
    return 0;
  }
  return await runAll(o);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (err) {
    if (process.env.MEMCUE_DEBUG === '1') console.error(err);
    const message = (err as Error).message.split('\n')[0];
    console.error(`bench:e2e: ${err instanceof SetError ? `the task set is malformed: ${message}` : message}`);
    process.exitCode = 1;
  }
}
