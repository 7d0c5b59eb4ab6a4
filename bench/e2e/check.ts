// Running a task's check.sh on a run's working copy and reading its verdict: `PASS <criterion> - …` /
// `FAIL <criterion> - …` lines and a last line `score K/N`. A checker that says something else, or
// names criteria other than criteria.json's, is the set's mistake and is reported as such.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Task } from './set.js';

export interface Verdict {
  passed: number;
  total: number;
  criteria: Record<string, 0 | 1>;
  output: string;
}

const CHECK_TIMEOUT_MS = 15 * 60_000;

/** Parses a checker's output; throws one line saying what is wrong with it. */
export function parseVerdict(task: Task, output: string): Verdict {
  const where = `${task.id}/check.sh`;
  const lines = output.split('\n').map((l) => l.trimEnd()).filter(Boolean);
  const last = lines.at(-1) ?? '';
  const score = /^score (\d+)\/(\d+)$/.exec(last);
  if (!score) throw new Error(`${where}: the last line must be "score K/N", got ${JSON.stringify(last.slice(0, 80))}`);
  const criteria: Record<string, 0 | 1> = {};
  for (const line of lines) {
    const m = /^(PASS|FAIL) (\S+)/.exec(line);
    if (!m) continue;
    if (m[2]! in criteria) throw new Error(`${where}: criterion "${m[2]}" is reported twice`);
    criteria[m[2]!] = m[1] === 'PASS' ? 1 : 0;
  }
  const passed = Object.values(criteria).filter((v) => v === 1).length;
  const total = Object.keys(criteria).length;
  if (Number(score[1]) !== passed || Number(score[2]) !== total) {
    throw new Error(`${where}: says ${score[1]}/${score[2]} but its lines have ${passed} PASS of ${total}`);
  }
  const expected = [...task.generic, ...task.memory].sort();
  const got = Object.keys(criteria).sort();
  if (expected.join(' ') !== got.join(' ')) {
    throw new Error(`${where}: reports criteria [${got.join(', ')}], criteria.json lists [${expected.join(', ')}]`);
  }
  return { passed, total, criteria, output };
}

/**
 * Runs the checker with an environment of its own (not the agent's PATH or HOME: a check must not
 * depend on what the agent's session had) and keeps its output in RUN/check.txt.
 */
export function runCheck(task: Task, run: string, work: string, answer: string): Verdict {
  const home = join(run, 'check-home');
  mkdirSync(home, { recursive: true });
  if (!existsSync(answer)) writeFileSync(answer, '');
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, LANG: process.env.LANG ?? 'C.UTF-8', TMPDIR: home };
  const r = spawnSync('bash', [join(task.dir, 'check.sh'), work, answer], { cwd: run, env, encoding: 'utf8', timeout: CHECK_TIMEOUT_MS });
  const output = `${r.stdout ?? ''}`;
  writeFileSync(join(run, 'check.txt'), output + (r.stderr ? `\n--- stderr\n${r.stderr}` : ''));
  if (r.error) throw new Error(`${task.id}/check.sh: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${task.id}/check.sh exited ${r.status} (it must exit 0 and say FAIL instead; output in ${join(run, 'check.txt')})`);
  return parseVerdict(task, output);
}
