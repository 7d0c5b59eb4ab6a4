// `npx bun bench/hook.ts`: whole-process medians (CPU time user+sys, wall time, both also as ratios to
// a Bun hello world run in turn with them) of the compiled binary (dist/memcue, or $MEMCUE_BINARY)
// as an agent's session-start hook, on a database of 5,000 generated facts (a fifth global, two
// fifths this repository's, the rest other repositories'). Budget: 30 ms.
//   hook (cached card)  the usual case: the database has not changed since the last card
//   hook (no cache)     first session after a write: the card is made from the search file
//   hook (no cache, SQLite)  the same when the search file is outdated too: SQLite is opened and queried
//   memcue card (cached) what the Hermes and OpenCode plugins run at a session start, in the same repository
// `memcue --version` is the floor: starting the binary and our CLI at all.
// With $MEMCUE_BASELINE_BINARY (say main's build, named memcue) every row is also measured with that
// binary, interleaved in the same run: a before/after whose ratios share one hello world.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateFacts } from './generate.js';
import { printTable, timeMs, timeProcess, TIMING_HEADER, type Timing } from './measure.js';
import { measureAgainstHello, withHelloWorld } from './startup.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const BINARY = process.env.MEMCUE_BINARY ?? join(ROOT, 'dist', 'memcue');
const FACTS = Number(process.env.BENCH_FACTS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const BASELINE = process.env.MEMCUE_BASELINE_BINARY;
const REPO_ID = 'github.com/bench/app';

const work = mkdtempSync(join(tmpdir(), 'memcue-hook-bench-'));
try {
  const repo = join(work, 'app');
  mkdirSync(repo);
  spawnSync('git', ['init', '-q'], { cwd: repo });
  spawnSync('git', ['remote', 'add', 'origin', `git@${REPO_ID.replace('/', ':')}.git`], { cwd: repo });
  const env = { ...process.env, HOME: work, MEMCUE_DB: join(work, 'memcue.db'), XDG_CACHE_HOME: join(work, 'cache'), XDG_STATE_HOME: join(work, 'state') };

  const facts = generateFacts(FACTS, 42).map((fact, i) => ({
    ...fact,
    scope: i % 5 === 0 ? 'global' : i % 5 < 3 ? `repo:${REPO_ID}` : `repo:github.com/bench/other-${i % 7}`,
  }));
  const jsonl = join(work, 'facts.jsonl');
  writeFileSync(jsonl, facts.map((f) => JSON.stringify(f)).join('\n'));
  timeMs(BINARY, ['import', jsonl], env);

  const input = JSON.stringify({ session_id: 'bench', transcript_path: '', cwd: repo, hook_event_name: 'SessionStart', source: 'startup' });
  const hook = spawnSync(BINARY, ['hook', 'claude', 'session-start'], { env, input, encoding: 'utf8' });
  const context = (JSON.parse(hook.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
  const candidates = facts.filter((f) => (f.scope === 'global' && f.kind === 'rule') || (f.scope === `repo:${REPO_ID}` && ['rule', 'decision'].includes(f.kind))).length;
  console.log(`card: ${context.length} characters, ${candidates} candidate rules and decisions, ${/(\d+) more left out/.exec(context)?.[1] ?? 0} left out`);

  // Any search writes the search file (src/snapshot), as it would on a user's machine.
  spawnSync(BINARY, ['search', 'deploy'], { env, encoding: 'utf8' });
  let miss = 0;
  const commands = (binary: string, suffix: string): [string, () => Timing][] => [
    [`memcue --version${suffix}`, () => timeProcess(binary, ['--version'], env)],
    [`hook (cached card)${suffix}`, () => timeProcess(binary, ['hook', 'claude', 'session-start'], env, input)],
    [`memcue card (cached)${suffix}`, () => timeProcess(binary, ['card'], env, undefined, repo)],
    // A fresh cache folder each run: the card is made anew every time (from the search file).
    [`hook (no cache)${suffix}`, () => timeProcess(binary, ['hook', 'claude', 'session-start'], { ...env, XDG_CACHE_HOME: join(work, `cold-${miss++}`) }, input)],
    // The same from SQLite: what a card costs when the search file is outdated too.
    [`hook (no cache, SQLite)${suffix}`, () => timeProcess(binary, ['hook', 'claude', 'session-start'], { ...env, XDG_CACHE_HOME: join(work, `cold-${miss++}`), MEMCUE_SEARCH_FILE: '0' }, input)],
    [`memcue search${suffix}`, () => timeProcess(binary, ['search', 'deploy', 'staging', 'timeout'], env)],
  ];
  const rows = withHelloWorld((hello) =>
    measureAgainstHello(hello, env, [...commands(BINARY, ''), ...(BASELINE ? commands(BASELINE, ' [baseline]') : [])], RUNS),
  );
  printTable(`Whole-process medians, ${RUNS} runs, ${FACTS} facts (budget for the hook: 30 ms)`, ['command', ...TIMING_HEADER], rows);
} finally {
  rmSync(work, { recursive: true, force: true });
}
