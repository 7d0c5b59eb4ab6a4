// Loading a task set (docs/benchmarks.md, "End to end") and checking it before any run: a set the
// runner has never seen must fail here, with one line naming the file and the fix, not halfway
// through a run with a stack trace.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const KINDS = ['rule', 'decision', 'gotcha', 'env', 'note'] as const;
export type Kind = (typeof KINDS)[number];

/** One fact of the set, from `<repo>/memory.jsonl`, `distractors.jsonl` or `scale.jsonl`. */
export interface SetFact {
  id: string;
  text: string;
  kind: Kind;
  /** As memcue will store it: `global` or `repo:<full id>` (a task repo's `repo` resolved). */
  scope: string;
  lang: 'en' | 'ru';
  date?: string;
  /** The task repo (by name) or other project (by id) whose sessions wrote it. */
  learnedIn: string;
  /** Where it came from: `memory` (a task repo's memory.jsonl), `distractors` or `scale`. */
  origin: 'memory' | 'distractors' | 'scale';
}

export interface Task {
  id: string;
  dir: string;
  repo: string;
  needsMemory: boolean;
  facts: string[];
  lang: 'en' | 'ru';
  message: string;
  generic: string[];
  memory: string[];
}

export interface TaskSet {
  dir: string;
  /** Task repo name → its id for memcue (`github.com/acme/<name>`). */
  repos: Record<string, string>;
  facts: SetFact[];
  /** The extra facts of the `scale` condition; empty when the set has no scale.jsonl. */
  scale: SetFact[];
  hasScale: boolean;
  tasks: Task[];
}

/** A malformed set: the message is the whole line the user sees. */
export class SetError extends Error {}

function fail(where: string, what: string): never {
  throw new SetError(`${where}: ${what}`);
}

export function loadSet(dirArg: string): TaskSet {
  const dir = resolve(dirArg);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) fail(dir, 'no such folder (give --tasks the task set folder, the one holding repos/ and tasks/)');
  for (const part of ['repos', 'tasks']) {
    if (!existsSync(join(dir, part))) fail(dir, `no ${part}/ folder: not a task set (see docs/benchmarks.md, "End to end")`);
  }
  const repos = readRepos(dir);
  const facts: SetFact[] = [];
  for (const name of Object.keys(repos)) {
    const file = join(dir, name, 'memory.jsonl');
    if (existsSync(file)) facts.push(...readFacts(file, 'memory', repos, name));
  }
  const distractors = join(dir, 'distractors.jsonl');
  if (existsSync(distractors)) facts.push(...readFacts(distractors, 'distractors', repos));
  const scaleFile = join(dir, 'scale.jsonl');
  const hasScale = existsSync(scaleFile);
  const scale = hasScale ? readFacts(scaleFile, 'scale', repos) : [];
  const seen = new Map<string, string>();
  for (const f of [...facts, ...scale]) {
    if (seen.has(f.id)) fail(dir, `fact id "${f.id}" appears twice (${seen.get(f.id)} and ${f.origin}); ids must be unique in the set`);
    seen.set(f.id, f.origin);
  }
  const tasks = readTasks(dir, repos, new Set(facts.map((f) => f.id)));
  return { dir, repos, facts, scale, hasScale, tasks };
}

function readJson(file: string): unknown {
  if (!existsSync(file)) fail(file, 'missing');
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    return fail(file, `not valid JSON (${(err as Error).message})`);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readRepos(dir: string): Record<string, string> {
  const file = join(dir, 'repos.json');
  const value = readJson(file);
  if (!isObject(value)) return fail(file, 'expected {"<name>": "github.com/<owner>/<name>"}');
  const repos: Record<string, string> = {};
  for (const [name, id] of Object.entries(value)) {
    if (typeof id !== 'string' || !/^[\w.-]+(\/[\w.-]+)+$/.test(id)) fail(file, `"${name}" must map to an id such as "github.com/acme/${name}"`);
    if (!existsSync(join(dir, 'repos', name))) fail(file, `"${name}" has no folder repos/${name}/`);
    repos[name] = id as string;
  }
  for (const name of readdirSync(join(dir, 'repos'))) {
    if (!(name in repos)) fail(file, `repos/${name}/ is not listed (add "${name}": "github.com/<owner>/${name}")`);
  }
  return repos;
}

function readFacts(file: string, origin: SetFact['origin'], repos: Record<string, string>, repoName?: string): SetFact[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const facts: SetFact[] = [];
  lines.forEach((raw, i) => {
    if (!raw.trim()) return;
    const where = `${file}:${i + 1}`;
    let o: unknown;
    try {
      o = JSON.parse(raw);
    } catch {
      fail(where, 'not valid JSON');
    }
    if (!isObject(o)) return fail(where, 'expected a JSON object');
    for (const key of ['id', 'text', 'kind', 'scope', 'lang']) {
      if (typeof o[key] !== 'string' || !(o[key] as string).trim()) fail(where, `"${key}" is missing or not a string`);
    }
    if (!(KINDS as readonly string[]).includes(o.kind as string)) fail(where, `"kind" must be one of ${KINDS.join(', ')}, got "${o.kind}"`);
    if (o.lang !== 'en' && o.lang !== 'ru') fail(where, `"lang" must be en or ru, got "${o.lang}"`);
    if (o.date !== undefined && (typeof o.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(o.date))) fail(where, `"date" must be YYYY-MM-DD, got ${JSON.stringify(o.date)}`);
    const scope = o.scope as string;
    let resolved: string;
    let learnedIn: string;
    if (repoName) {
      if (scope !== 'repo' && scope !== 'global') fail(where, `"scope" must be "repo" or "global" in a repo's memory.jsonl, got "${scope}"`);
      resolved = scope === 'repo' ? `repo:${repos[repoName]}` : 'global';
      learnedIn = repoName;
    } else {
      if (typeof o.learned_in !== 'string' || !o.learned_in.trim()) fail(where, '"learned_in" is missing (the repo id or task-repo name whose session wrote it)');
      if (scope === 'global') resolved = 'global';
      else if (scope.startsWith('repo:') && scope.length > 5) {
        const named = scope.slice(5);
        resolved = `repo:${repos[named] ?? named}`;
      } else return fail(where, `"scope" must be "global" or "repo:<id>", got "${scope}"`);
      learnedIn = o.learned_in as string;
    }
    facts.push({ id: o.id as string, text: o.text as string, kind: o.kind as Kind, scope: resolved, lang: o.lang as 'en' | 'ru', date: o.date as string | undefined, learnedIn, origin });
  });
  return facts;
}

function readTasks(dir: string, repos: Record<string, string>, factIds: Set<string>): Task[] {
  const criteriaFile = join(dir, 'criteria.json');
  const criteria = readJson(criteriaFile);
  if (!isObject(criteria)) return fail(criteriaFile, 'expected {"<task id>": {"generic": [...], "memory": [...]}}');
  const ids = readdirSync(join(dir, 'tasks')).filter((name) => statSync(join(dir, 'tasks', name)).isDirectory()).sort();
  if (!ids.length) fail(join(dir, 'tasks'), 'no task folders');
  for (const id of Object.keys(criteria)) if (!ids.includes(id)) fail(criteriaFile, `"${id}" has no folder tasks/${id}/`);
  return ids.map((id) => {
    const tdir = join(dir, 'tasks', id);
    const metaFile = join(tdir, 'meta.json');
    const meta = readJson(metaFile);
    if (!isObject(meta)) return fail(metaFile, 'expected {"repo","needs_memory","facts","lang"}');
    if (typeof meta.repo !== 'string' || !(meta.repo in repos)) fail(metaFile, `"repo" must name a repo of repos.json (${Object.keys(repos).join(', ')}), got ${JSON.stringify(meta.repo)}`);
    if (typeof meta.needs_memory !== 'boolean') fail(metaFile, '"needs_memory" must be true or false');
    if (!Array.isArray(meta.facts) || meta.facts.some((f) => typeof f !== 'string')) fail(metaFile, '"facts" must be a list of fact ids');
    for (const f of meta.facts as string[]) if (!factIds.has(f)) fail(metaFile, `fact "${f}" is in no memory.jsonl or distractors.jsonl of the set`);
    if (meta.needs_memory && !(meta.facts as string[]).length) fail(metaFile, 'a task that needs memory names the facts it needs in "facts"');
    if (meta.lang !== 'en' && meta.lang !== 'ru') fail(metaFile, `"lang" must be en or ru, got ${JSON.stringify(meta.lang)}`);
    const needed = ['task.md', 'check.sh', 'reference.patch', ...(meta.needs_memory ? ['plain.patch'] : [])];
    for (const file of needed) if (!existsSync(join(tdir, file))) fail(join(tdir, file), 'missing');
    const c = criteria[id];
    if (!isObject(c)) return fail(criteriaFile, `no entry for task "${id}"`);
    const names = (key: string): string[] => {
      const v = c[key];
      if (!Array.isArray(v) || v.some((n) => typeof n !== 'string' || !/^\S+$/.test(n))) return fail(criteriaFile, `"${id}"."${key}" must be a list of criterion names without spaces`);
      return v as string[];
    };
    const generic = names('generic');
    const memory = names('memory');
    if (meta.needs_memory && !memory.length) fail(criteriaFile, `"${id}" needs memory but lists no memory criteria`);
    if (!meta.needs_memory && memory.length) fail(criteriaFile, `"${id}" is a control (needs_memory false) but lists memory criteria`);
    const both = generic.find((n) => memory.includes(n));
    if (both) fail(criteriaFile, `"${id}": criterion "${both}" is both generic and memory`);
    const message = readFileSync(join(tdir, 'task.md'), 'utf8');
    if (!message.trim()) fail(join(tdir, 'task.md'), 'empty: it holds the user\'s message');
    return { id, dir: tdir, repo: meta.repo as string, needsMemory: meta.needs_memory as boolean, facts: meta.facts as string[], lang: meta.lang as 'en' | 'ru', message, generic, memory };
  });
}
