// The context a command runs in (src/context.ts): made from the entry's io without asking what no
// command asked yet (whether stdout is a terminal loads node:tty, start.ts), and its own fields over
// those of the io it is made from.
import { describe, expect, it } from 'vitest';
import { makeContext, type Io } from '../src/context.js';
import { tempDir } from './helpers.js';

function io(cwd: string, asked: string[]): Io {
  const base: Io = { env: { MEMCUE_DB: `${cwd}/m.db`, MEMCUE_HOST: 'box' }, cwd, stdout: () => {}, stderr: () => {}, readStdin: async () => '' };
  return Object.defineProperties(base, {
    stdoutIsTTY: { get: () => (asked.push('stdout'), true), enumerable: true },
    stderrIsTTY: { get: () => (asked.push('stderr'), false), enumerable: true },
  });
}

describe('makeContext', () => {
  it('asks whether stdout and stderr are terminals only when a command does', () => {
    const asked: string[] = [];
    const ctx = makeContext(io(tempDir(), asked));
    expect(asked).toEqual([]);
    expect(ctx.stdoutIsTTY).toBe(true);
    expect(ctx.stderrIsTTY).toBe(false);
    expect(asked).toEqual(['stdout', 'stderr']);
  });

  it('made from another context, has its own folder, repository and database', () => {
    const [first, second] = [tempDir(), tempDir()];
    const ctx = makeContext(io(first, []));
    const other = makeContext({ ...ctx, cwd: second, env: { ...ctx.env, MEMCUE_DB: `${second}/m.db` } });
    expect(other.cwd).toBe(second);
    expect(other.dbPath).toBe(`${second}/m.db`);
    expect(other.repo()).toBe(ctx.repo()); // neither folder is in a repository
    expect(other.repo).not.toBe(ctx.repo);
    expect(other.host).toBe('box');
  });
});
