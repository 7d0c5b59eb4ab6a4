// What every command needs to know about where it runs; built once per invocation from explicit
// inputs, so tests can run the CLI in-process with their own env, cwd and streams.
import { databasePath, machineName, type Env } from './config.js';
import { MemcueError } from './errors.js';
import { isScope } from './facts/names.js';
import { checkScope, visible } from './facts/validate.js';
import { findRepo, type RepoInfo } from './repo/identity.js';
import { nearest } from './util/nearest.js';
import { setOddFileNotes, setPersonReading } from './util/safe-file.js';

export interface Io {
  env: Env;
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Reads all of standard input (`import -`, `add -`); stops at a line over `maxLineBytes` or past `maxBytes` (util/line-bound.ts). */
  readStdin: (maxLineBytes?: number, maxBytes?: number) => Promise<string>;
  /** A hook's input: at most one bounded JSON value, read with a deadline (util/stdio.ts readJsonValue). */
  readHookInput?: () => Promise<string>;
  /** Whether stderr is a terminal (progress bars are drawn only there). */
  stderrIsTTY?: boolean;
  /** Whether stdout is a terminal (`list` prints everything only there; to a pipe or an agent, a bounded part). */
  stdoutIsTTY?: boolean;
}

export interface Context extends Io {
  dbPath: string;
  host: string;
  /** The repository the cwd is in, if any (found lazily: not every command needs it). */
  repo(): RepoInfo | undefined;
}

export function makeContext(io: Io, dbOverride?: string): Context {
  let repo: RepoInfo | undefined | null = null;
  const own = {
    dbPath: databasePath(io.env, dbOverride),
    host: machineName(io.env),
    repo() {
      if (repo === null) repo = findRepo(io.cwd, io.env.GIT_CEILING_DIRECTORIES);
      return repo;
    },
  };
  // io's getters stay getters (not `...io`, which reads them): whether stdout is a terminal is asked
  // only by a command that needs it (start.ts: the answer loads node:tty). Ours over io's, as a
  // spread put them: a context made from another's (hook.ts: another cwd) gets its own repo.
  const ctx = Object.defineProperties({}, Object.getOwnPropertyDescriptors(io));
  return Object.defineProperties(ctx, Object.getOwnPropertyDescriptors(own)) as Context;
}

/** A command's context as the CLI and the fast paths make it: notes about odd files go to its stderr. */
export function commandContext(io: Io, db: string | undefined): Context {
  const ctx = makeContext(io, db);
  setOddFileNotes((line) => io.stderr(`memcue: note: ${line}\n`));
  setPersonReading(() => io.stderrIsTTY === true, databasePath({ ...io.env, MEMCUE_DB: undefined }));
  return ctx;
}

export function repoScope(ctx: Context): string | undefined {
  const repo = ctx.repo();
  return repo ? `repo:${repo.id}` : undefined;
}

/** `global`, `repo`, `machine` or a literal scope → the stored scope string. */
export function resolveScope(ctx: Context, scope: string | undefined): string {
  const wanted = scope ?? (ctx.repo() ? 'repo' : 'global');
  if (wanted === 'repo') {
    const s = repoScope(ctx);
    if (!s) throw new MemcueError('USAGE', 'not inside a git repository, so there is no repo scope', 'use --scope global or machine');
    return s;
  }
  if (wanted === 'machine') return `machine:${ctx.host}`;
  // The shorthands come first in the hint: they are what a person types.
  if (!isScope(wanted)) {
    const near = nearest(wanted, SCOPE_WORDS);
    throw new MemcueError('USAGE', `bad scope "${visible(wanted)}"${near ? `; did you mean ${near}?` : ''}`, 'use repo (this repository), machine (this machine), global, repo:<repo-id> or machine:<host>');
  }
  return wanted;
}

const SCOPE_WORDS = ['repo', 'machine', 'global'];

/**
 * Which scopes `--in` covers. Inside a repo the default is that repo, this machine and global;
 * outside a repo there is no repo to narrow to, so the default is everything.
 */
export function searchScopes(ctx: Context, where: string | undefined): string[] | undefined {
  const own = repoScope(ctx);
  const base = ['global', `machine:${ctx.host}`];
  switch (where ?? 'repo') {
    case 'all':
      return undefined;
    case 'repo':
      // Asked for by name outside a repository, it would silently have meant everything.
      if (!own && where === 'repo') throw new MemcueError('USAGE', '--in repo: not inside a git repository, so there is no repo scope', 'run it inside the repository, or use --in all, global, machine or a repo id');
      return own ? [own, ...base] : undefined;
    case 'global':
      return ['global'];
    case 'machine':
      return [`machine:${ctx.host}`];
    default:
      // A repo id (`github.com/a/b`) or a full scope (`repo:github.com/a/b`).
      return [where!.includes(':') && !where!.startsWith('local:') ? checkScope(where!) : `repo:${where}`, ...base];
  }
}
