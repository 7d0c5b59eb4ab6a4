// --verify: every checker of a set tells a solution from none, and memory from no memory. For each
// task, on fresh copies: the untouched repo scores below full, reference.patch scores full, and
// plain.patch (a competent solution by someone who does not know the facts) fails exactly the task's
// memory criteria and passes the generic ones.
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCheck, type Verdict } from './check.js';
import type { Task, TaskSet } from './set.js';
import { applyPatch, makeWorkCopy } from './workcopy.js';

function attempt(set: TaskSet, task: Task, root: string, label: string, patch?: string): Verdict {
  const run = join(root, `${task.id}.verify-${label}`);
  mkdirSync(run, { recursive: true });
  const work = makeWorkCopy(set, task.repo, join(run, 'work'));
  const answer = join(run, 'answer.md');
  writeFileSync(answer, '');
  if (patch) {
    applyPatch(work, join(task.dir, `${patch}.patch`));
    const text = join(task.dir, `${patch}.answer.md`);
    if (existsSync(text)) copyFileSync(text, answer);
  }
  return runCheck(task, run, work, answer);
}

/** The problems of one task's checker ([] when it holds). */
export function verifyTask(set: TaskSet, task: Task, root: string): { problems: string[]; summary: string } {
  const problems: string[] = [];
  const parts: string[] = [];
  const step = (label: string, f: () => void) => {
    try {
      f();
    } catch (err) {
      problems.push(`${label}: ${(err as Error).message.split('\n')[0]}`);
    }
  };
  step('untouched', () => {
    const v = attempt(set, task, root, 'untouched');
    parts.push(`untouched ${v.passed}/${v.total}`);
    if (v.passed >= v.total) problems.push('the untouched repo scores full: the checker cannot tell a solution from none');
  });
  step('reference', () => {
    const v = attempt(set, task, root, 'reference', 'reference');
    parts.push(`reference ${v.passed}/${v.total}`);
    const failed = Object.keys(v.criteria).filter((c) => !v.criteria[c]);
    if (failed.length) problems.push(`reference.patch fails ${failed.join(', ')}`);
  });
  if (task.needsMemory) {
    step('plain', () => {
      const v = attempt(set, task, root, 'plain', 'plain');
      parts.push(`plain ${v.passed}/${v.total}`);
      const failed = Object.keys(v.criteria).filter((c) => !v.criteria[c]).sort();
      const memory = [...task.memory].sort();
      if (failed.join(' ') !== memory.join(' ')) {
        problems.push(`plain.patch fails [${failed.join(', ')}], it must fail exactly the memory criteria [${memory.join(', ')}]`);
      }
    });
  }
  return { problems, summary: parts.join(', ') };
}
