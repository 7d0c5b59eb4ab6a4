// The real `git`, run as a child process in the memory repo. memcue never reimplements git; it only
// runs it non-interactively (no prompts, no editor, no signing, no user hooks) and turns a failure
// into one line that says which git command failed and why.
import { spawnSync } from 'node:child_process';
import type { Env } from '../config.js';
import { MemcueError } from '../errors.js';

export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

export class Git {
  private identity: string[] | undefined;

  constructor(
    readonly dir: string,
    private readonly env: Env,
    private readonly host: string,
  ) {}

  /** The same git settings in another folder. */
  at(dir: string): Git {
    return new Git(dir, this.env, this.host);
  }

  /** Runs git; a non-zero exit is returned, not thrown. */
  try(args: string[]): GitResult {
    const r = spawnSync('git', args, {
      cwd: this.dir,
      encoding: 'utf8',
      // Never wait for a password prompt or an editor: a hook must not hang on sync.
      env: { ...this.env, GIT_TERMINAL_PROMPT: '0', GIT_MERGE_AUTOEDIT: 'no', GIT_EDITOR: 'true' } as NodeJS.ProcessEnv,
      maxBuffer: 64 * 1024 * 1024,
    });
    if (r.error) {
      const missing = (r.error as NodeJS.ErrnoException).code === 'ENOENT';
      throw new MemcueError('SYNC', missing ? 'git is not installed or not on PATH' : `cannot run git: ${r.error.message}`, 'install git');
    }
    return { code: r.status ?? 1, stdout: r.stdout, stderr: r.stderr };
  }

  /** Runs git and returns its trimmed stdout; a failure becomes a one-line MemcueError. */
  run(args: string[]): string {
    const r = this.try(args);
    if (r.code !== 0) throw gitError(args, r);
    return r.stdout.trim();
  }

  /** Runs a command that records a commit, as memcue (unless the user has an identity configured). */
  commitArgs(args: string[]): string[] {
    this.identity ??= this.try(['config', 'user.email']).code === 0 ? [] : ['-c', 'user.name=memcue', '-c', `user.email=memcue@${this.host}`];
    return [...this.identity, '-c', 'commit.gpgsign=false', ...args];
  }
}

export function gitError(args: string[], r: GitResult): MemcueError {
  const lines = `${r.stderr}\n${r.stdout}`.split('\n').map((l) => l.trim()).filter(Boolean);
  const why = lines.find((l) => /^(fatal|error):/.test(l)) ?? lines[lines.length - 1] ?? `exit ${r.code}`;
  return new MemcueError('SYNC', `git ${verb(args)} failed: ${why}`, 'your memory is intact; fix the cause and run `memcue sync` again');
}

/** The git subcommand in an argument list that may start with `-c key=value` pairs. */
function verb(args: string[]): string {
  let i = 0;
  while (args[i] === '-c') i += 2;
  return args[i] ?? '';
}
