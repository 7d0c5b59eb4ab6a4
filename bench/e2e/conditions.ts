// The conditions a task runs under, each as a user would really have it: `none` (no memory), `file`
// (Claude Code's auto memory, memory-file.ts), `memcue` (memcue-env.ts), and `scale`, which is both
// memory conditions again with the set's scale.jsonl added to the memory.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { placeProjects } from './memory-file.js';
import { setupMemcue } from './memcue-env.js';
import type { Task, TaskSet } from './set.js';

export const CONDITIONS = ['none', 'file', 'memcue', 'scale-file', 'scale-memcue'] as const;
export type Condition = (typeof CONDITIONS)[number];

/** `--conditions` as given (`scale` is both scale conditions); a set without scale.jsonl skips them, visibly. */
export function expandConditions(list: string, set: { hasScale: boolean }, say: (line: string) => void): Condition[] {
  const out: Condition[] = [];
  for (const word of list.split(',').map((w) => w.trim()).filter(Boolean)) {
    const names = word === 'scale' ? (['scale-file', 'scale-memcue'] as const) : [word];
    for (const name of names) {
      if (!(CONDITIONS as readonly string[]).includes(name)) throw new Error(`--conditions: unknown condition "${name}" (none, file, memcue, scale)`);
      if (name.startsWith('scale-') && !set.hasScale) {
        say(`skipping ${name}: the set has no scale.jsonl`);
        continue;
      }
      if (!out.includes(name as Condition)) out.push(name as Condition);
    }
  }
  if (!out.length) throw new Error('--conditions: nothing to run');
  return out;
}

export interface Prepared {
  /** What the condition puts into the session at start ('' for none). */
  context: string;
  /** The whole MEMORY.md (file conditions). */
  memoryPath?: string;
  /** The wrapper's call log (memcue conditions). */
  calls?: string;
}

export function prepareCondition(set: TaskSet, task: Task, condition: Condition, run: string, work: string, hookAgent: 'claude' | 'codex' | 'gemini'): Prepared {
  mkdirSync(join(run, 'home'), { recursive: true });
  const facts = condition.startsWith('scale-') ? [...set.facts, ...set.scale] : set.facts;
  if (condition === 'file' || condition === 'scale-file') {
    const loaded = placeProjects(join(run, 'home'), work, task.repo, facts, set.repos);
    return { context: loaded.text, memoryPath: loaded.path };
  }
  if (condition === 'memcue' || condition === 'scale-memcue') {
    const { card, calls } = setupMemcue(run, work, facts, hookAgent);
    return { context: card, calls };
  }
  return { context: '' };
}
