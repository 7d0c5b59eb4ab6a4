// The `memcue` condition: a fresh database for the run holding every fact of the set (the user's one
// memory across projects), the card exactly as the compiled binary's SessionStart hook gives it in
// the working copy, and `memcue` on the agent's PATH as a wrapper that pins the run's database and
// logs each call, so a run's searches can be counted.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { idFromBytes } from '../../src/facts/facts.js';
import type { SetFact } from './set.js';

export const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

/** The compiled binary (MEMCUE_BINARY overrides), built with `npm run build:bin` when missing. */
export function memcueBinary(): string {
  const bin = process.env.MEMCUE_BINARY ?? join(ROOT, 'dist', 'memcue');
  if (existsSync(bin)) return bin;
  console.log('dist/memcue is missing: npm run build:bin');
  const r = spawnSync('npm', ['run', 'build:bin'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0 || !existsSync(bin)) throw new Error('npm run build:bin failed; build the binary, then run again');
  return bin;
}

/**
 * The binary as the runs call it: a copy beside the run folders, so that nothing a run can see (the
 * wrapper, the hooks in its HOME) names this repository, whose bench/e2e/sets hold the checks.
 */
export function stagedBinary(root: string): string {
  const staged = join(root, '.memcue-bin', 'memcue');
  const source = memcueBinary();
  // A --work folder used again after a rebuild gets the new binary.
  if (!existsSync(staged) || statSync(staged).mtimeMs < statSync(source).mtimeMs) {
    mkdirSync(dirname(staged), { recursive: true });
    copyFileSync(source, `${staged}.tmp-${process.pid}`);
    chmodSync(`${staged}.tmp-${process.pid}`, 0o755);
    renameSync(`${staged}.tmp-${process.pid}`, staged); // whole or absent, with --jobs too
  }
  return staged;
}

/** The environment of everything memcue and the agent do in a run: its own home, nothing of the user's. */
export function runEnv(run: string): Record<string, string> {
  const home = join(run, 'home');
  return {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    XDG_CACHE_HOME: join(home, '.cache'),
    MEMCUE_DB: join(run, 'memory.db'),
    MEMCUE_HOST: 'e2e',
    PATH: `${join(run, 'bin')}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    LANG: process.env.LANG ?? 'C.UTF-8',
  };
}

/**
 * A set fact as a full memcue row: a stable id (from the set's id), the date it was learned (so the
 * card, which keeps the newest entries when it is crowded, sees the history the set describes).
 */
export function factRow(f: SetFact): Record<string, unknown> {
  return {
    id: idFromBytes(createHash('sha256').update(`memcue-e2e\u0000${f.id}`).digest()),
    version: 1,
    text: f.text,
    kind: f.kind,
    scope: f.scope,
    created_at: `${f.date ?? '2025-01-01'}T09:00:00.000Z`,
    host: 'laptop',
    state: 'active',
  };
}

function memcue(bin: string, env: Record<string, string>, args: string[], cwd: string, input?: string): string {
  const r = spawnSync(bin, args, { cwd, env, input, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`memcue ${args.join(' ')} failed: ${(r.stderr || r.stdout).trim().split('\n')[0]}`);
  return r.stdout;
}

const shq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export interface MemcueSetup {
  card: string;
  calls: string;
}

/** Imports `facts` into the run's database with the compiled binary (a line it refuses fails the run). */
export function importFacts(run: string, facts: readonly SetFact[]): void {
  const env = runEnv(run);
  mkdirSync(env.HOME!, { recursive: true });
  const rows = join(run, 'facts.jsonl');
  writeFileSync(rows, facts.map((f) => JSON.stringify(factRow(f))).join('\n') + '\n');
  try {
    memcue(memcueBinary(), env, ['import', rows], run);
  } catch (err) {
    // Name the set's fact, not a line of a file the user never saw.
    const m = /line (\d+): (.*)/.exec((err as Error).message);
    const fact = m ? facts[Number(m[1]) - 1] : undefined;
    throw fact ? new Error(`memcue refuses fact "${fact.id}" (${fact.origin}): ${m![2]}`) : err;
  } finally {
    rmSync(rows); // the agent sees the run's folder: the facts must be reachable through memcue only
  }
}

/** Fills the run's database, writes the wrapper to RUN/bin/memcue and returns the card for `hookAgent`. */
export function setupMemcue(run: string, work: string, facts: SetFact[], hookAgent: 'claude' | 'codex' | 'gemini'): MemcueSetup {
  const bin = stagedBinary(dirname(run));
  const env = runEnv(run);
  mkdirSync(join(run, 'bin'), { recursive: true });
  mkdirSync(env.HOME!, { recursive: true });
  importFacts(run, facts);
  const calls = join(run, 'memcue-calls.log');
  const wrapper = join(run, 'bin', 'memcue');
  writeFileSync(
    wrapper,
    [
      '#!/bin/sh',
      '# memcue for this run: its database pinned, each call logged (arguments split by \\037) to count searches,',
      '# and what it printed (stdout and stderr) logged, since what memcue prints enters the session as the card does',
      `printf '%s\\037' "$@" >> ${shq(calls)}`,
      `printf '\\n' >> ${shq(calls)}`,
      `out=${shq(join(run, '.memcue-out'))}.$$`,
      // A model driven by hand (the manual agent) has its own HOME: memcue's state stays in the run all the same.
      `MEMCUE_DB=${shq(env.MEMCUE_DB!)} XDG_STATE_HOME=${shq(env.XDG_STATE_HOME!)} XDG_DATA_HOME=${shq(env.XDG_DATA_HOME!)} MEMCUE_HOST=e2e ${shq(bin)} "$@" > "$out" 2> "$out.err"`,
      'code=$?',
      'cat "$out"',
      'cat "$out.err" >&2',
      `cat "$out" "$out.err" >> ${shq(join(run, OUTPUT_LOG))}`,
      'rm -f "$out" "$out.err"',
      'exit $code',
      '',
    ].join('\n'),
  );
  chmodSync(wrapper, 0o755);
  // Where an installed memcue is for the user's login shells too: Codex runs every command in
  // `bash -lc`, whose /etc/profile resets PATH (found by test/bench-e2e/clients.test.ts).
  writeFileSync(join(env.HOME!, '.profile'), `export PATH=${shq(join(run, 'bin'))}:"$PATH"\n`);
  const event = { session_id: 'memcue-e2e-card', cwd: work, hook_event_name: 'SessionStart', source: 'startup' };
  const out = memcue(bin, env, ['hook', hookAgent, 'session-start'], work, JSON.stringify(event));
  const card = out.trim() ? (JSON.parse(out) as { hookSpecificOutput?: { additionalContext?: string } }).hookSpecificOutput?.additionalContext ?? '' : '';
  if (!card) throw new Error(`memcue hook ${hookAgent} session-start gave no card in ${work} (see ${env.XDG_STATE_HOME}/memcue/hook.log)`);
  return { card, calls };
}

/** Global options that take a value: what follows them is not the command. */
const VALUED = new Set(['--db', '-db', '-n', '--limit', '-limit', '--in', '-in', '--kind', '-kind', '--since', '-since']);

/** The command of one logged call (`memcue --json -n 3 search x` → `search`). */
export function commandOf(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (VALUED.has(a)) i++;
    else if (!a.startsWith('-')) return a;
  }
  return undefined;
}

/** The calls the agent made through the wrapper, each an argv. */
export function loggedCalls(calls: string): string[][] {
  if (!existsSync(calls)) return [];
  return readFileSync(calls, 'utf8')
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => l.split('\u001f').slice(0, -1));
}

/** Everything memcue printed (stdout, then stderr) over the run, call after call (the wrapper appends it). */
export const OUTPUT_LOG = 'memcue-output.log';

/** Characters memcue printed (stdout and stderr) over the run (0 when memcue was not called). */
export function countOutputChars(log: string): number {
  return existsSync(log) ? readFileSync(log, 'utf8').length : 0;
}

export function countSearches(calls: string): number {
  return loggedCalls(calls).filter((argv) => commandOf(argv) === 'search').length;
}
