// One run of one task: a fresh working copy, the condition, the agent, the check; and the result line.
// The `manual` agent stops after the brief: `scoreRun` finishes such a run once the model has worked.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { manualBrief } from './brief.js';
import { runCheck } from './check.js';
import { clientRun, runClient, CLIENT_AGENTS, type ClientAgent } from './clients.js';
import { prepareCondition, type Condition } from './conditions.js';
import { countOutputChars, countSearches, OUTPUT_LOG, ROOT } from './memcue-env.js';
import type { Task, TaskSet } from './set.js';
import type { RunLine } from './stats.js';
import { applyPatch, makeWorkCopy } from './workcopy.js';

export const AGENTS = ['oracle', 'null', 'manual', ...CLIENT_AGENTS] as const;
export type Agent = (typeof AGENTS)[number];

/** What a run's folder needs to be scored later (runs.json of a manual run). */
export interface RunRecord {
  name: string;
  task: string;
  condition: Condition;
  repeat: number;
  agent: Agent;
  run: string;
  context_chars: number;
}

export function runName(task: string, condition: string, repeat: number): string {
  return `${task}.${condition}.${repeat}`;
}

/** Prepares the run folder and runs the agent (all but `manual`, which only gets its brief). */
export async function startRun(set: TaskSet, task: Task, condition: Condition, repeat: number, agent: Agent, root: string): Promise<RunRecord> {
  const name = runName(task.id, condition, repeat);
  const run = join(root, name);
  rmSync(run, { recursive: true, force: true });
  mkdirSync(run, { recursive: true });
  const work = makeWorkCopy(set, task.repo, join(run, 'work'));
  const hookAgent = agent === 'codex' || agent === 'gemini' ? agent : 'claude';
  const prepared = prepareCondition(set, task, condition, run, work, hookAgent);
  writeFileSync(join(run, 'context.md'), prepared.context);
  const answer = join(run, 'answer.md');
  if (agent === 'oracle') {
    applyPatch(work, join(task.dir, 'reference.patch'));
    const ref = join(task.dir, 'reference.answer.md');
    if (existsSync(ref)) copyFileSync(ref, answer);
    else writeFileSync(answer, '');
  } else if (agent === 'null') {
    writeFileSync(answer, '');
  } else if (agent === 'manual') {
    writeFileSync(join(run, 'brief.md'), manualBrief(task.message, condition, prepared, run));
  } else {
    const client = clientRun(agent as ClientAgent, condition, prepared, run, work, task.message);
    writeFileSync(answer, await runClient(client, run, work));
    const strayed = strayedTo(readFileSync(join(run, 'transcript.jsonl'), 'utf8'), root, name, set.dir);
    if (strayed.length) console.log(`  (${name}: the session named ${strayed.join(', ')}, outside its folder: read its transcript before trusting the score)`);
  }
  return { name, task: task.id, condition, repeat, agent, run, context_chars: prepared.context.length };
}

/**
 * What outside its own folder a session's transcript names: the other runs (their MEMORY.md, card or
 * check output would tell the answer), the set, this repository. Clients are not sandboxed.
 */
export function strayedTo(transcript: string, root: string, name: string, setDir: string): string[] {
  const others = readdirSync(root).filter((n) => n !== name && !n.startsWith('.') && statSync(join(root, n)).isDirectory());
  const named = others.filter((n) => transcript.includes(n));
  for (const dir of [setDir, ROOT.replace(/\/$/, '')]) if (transcript.includes(dir)) named.push(dir);
  return named;
}

/** Checks a run and makes its result line. */
export function scoreRun(set: TaskSet, record: RunRecord): RunLine {
  const task = set.tasks.find((t) => t.id === record.task);
  if (!task) throw new Error(`${record.run}: task "${record.task}" is not in the set ${set.dir}`);
  const verdict = runCheck(task, record.run, join(record.run, 'work'), join(record.run, 'answer.md'));
  const line: RunLine = {
    task: task.id,
    condition: record.condition,
    repeat: record.repeat,
    agent: record.agent,
    score: verdict.total ? Math.round((verdict.passed / verdict.total) * 10_000) / 10_000 : 0,
    passed: verdict.passed,
    total: verdict.total,
    criteria: verdict.criteria,
    context_chars: record.context_chars,
    searches: countSearches(join(record.run, 'memcue-calls.log')),
    memcue_output_chars: countOutputChars(join(record.run, OUTPUT_LOG)),
    needs_memory: task.needsMemory,
    memory_criteria: task.memory,
    lang: task.lang,
  };
  return line;
}

/** The result lines of a file written by --out (to print its table again). */
export function readLines(file: string): RunLine[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as RunLine);
}
