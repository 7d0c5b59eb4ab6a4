// The fast path of `memcue search` (issue 36): a search served without commander prints what the
// CLI's search prints, errors included (its parse: test/plain-args.test.ts).
import { describe, expect, it } from 'vitest';
import type { Io } from '../src/context.js';
import { runSearchFastPath } from '../src/search-fast-path.js';
import { cli, isolatedEnv, runProcess, BINARY, tempDir } from './helpers.js';
import { repoDir } from './hooks/fixtures.js';

/** Runs the fast path in this process; undefined: it left the command to the CLI. */
async function fast(argv: string[], env: Record<string, string>, cwd: string) {
  let stdout = '';
  let stderr = '';
  const io: Io = { env, cwd, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), readStdin: async () => '' };
  const code = await runSearchFastPath(argv, io);
  return code === undefined ? undefined : { code, stdout, stderr };
}

describe('memcue search without commander', () => {
  it('prints what the CLI prints, corrections and errors included', async () => {
    const repo = repoDir();
    const env = isolatedEnv();
    for (const text of ['api-gw times out after 30 s; raise PROXY_TIMEOUT', 'Редис на стейдже слушает порт 6380', 'postgres runs on the db host']) {
      expect((await cli(['add', '--scope', 'global', text], { env, cwd: repo })).code).toBe(0);
    }
    for (const argv of [
      ['search', 'timeout', 'proxy'],
      ['search', 'redis', '--json'],
      ['search', 'postgress'],
      ['search', 'nothing', 'matches', 'this', '--in', 'global'],
      ['search', 'x', '--kind', 'bogus'],
      ['search', 'x', '-n', 'many'],
      ['search', 'x', '--in', 'nowhere'],
    ]) {
      // Twice: the first search may build the search file; the second answers from it.
      for (const round of [1, 2]) expect(await fast(argv, env, repo), `${argv.join(' ')} (${round})`).toEqual(await cli(argv, { env, cwd: repo }));
    }
  });

  it('takes the fast path in the compiled binary, --db before or after the command', () => {
    const env = isolatedEnv();
    const db = `${tempDir()}/other.db`;
    expect(runProcess(BINARY, ['--db', db, 'add', '--scope', 'global', 'the deploy runs on fridays'], { env })).toMatchObject({ code: 0 });
    // MEMCUE_PROFILE's marks say which way the search went: without commander, the CLI is never loaded.
    for (const argv of [['--db', db, 'search', 'deploy'], ['search', 'deploy', '--db', db, '--json']]) {
      const profiled = runProcess(BINARY, argv, { env: { ...env, MEMCUE_PROFILE: '1' } });
      expect(profiled.stdout, argv.join(' ')).toContain('the deploy runs on fridays');
      expect(profiled.stderr).toContain('fast path loaded');
      expect(profiled.stderr).not.toContain('js loaded');
    }
    const wrong = runProcess(BINARY, ['search', 'deploy', '--kind', 'bogus', '--db', db], { env });
    expect(wrong).toMatchObject({ code: 1, stdout: '' });
    expect(wrong.stderr).toMatch(/^memcue: unknown kind "bogus" \(use one of: .*\)\n$/);
  });
});
