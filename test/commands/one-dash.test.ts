// Every long option also works with one dash (`-in all`, as the seed's memcue spelled them): taken from
// the options the commands declare, so a new option cannot be forgotten (`-keywords`, `-state` and
// `-host` once were: a hand-kept list had only eight).
import { describe, expect, it } from 'vitest';
import { cli, isolatedEnv, tempDir } from '../helpers.js';
import { commands } from './command-list.js';

describe('long options with one dash', () => {
  it('work for add, list and log as with two', async () => {
    const env = isolatedEnv();
    const cwd = tempDir();
    const run = (...argv: string[]) => cli(argv, { env, cwd });
    const added = await run('add', 'deploys go through the bastion host', '-keywords', 'ssh,jump', '-scope', 'global');
    expect(added.stderr).toBe('');
    expect((await run('search', 'jump')).stdout).toContain(added.stdout.trim());
    await run('forget', added.stdout.trim());
    expect((await run('list', '-state', 'forgotten')).stdout).toEqual((await run('list', '--state', 'forgotten')).stdout);
    expect((await run('list', '-state', 'forgotten')).stdout).toContain('bastion');
    const log = await run('log', '-host', env.MEMCUE_HOST ?? 'test-host');
    expect(log.stderr).not.toContain('unknown option');
    expect(log.stdout).toEqual((await run('log', '--host', env.MEMCUE_HOST ?? 'test-host')).stdout);
  });

  it('are known for every option of every command, as its help lists them', async () => {
    const unknown: string[] = [];
    for (const { path } of await commands()) {
      if (path[0] === 'hook') continue; // takes any option an agent passes, known or not
      const help = (await cli([...path, '--help'])).stdout;
      for (const [, name, value] of help.matchAll(/^ {2}(?:-\w, )?--([a-z][a-z-]*)( [<[])?/gm)) {
        if (name === 'help' || name === 'version') continue;
        // An unknown option after it stops the command before it runs: only the parse is tried.
        const argv = [...path, `-${name}`, ...(value ? ['x'] : []), '--not-an-option'];
        const r = await cli(argv, { env: isolatedEnv(), cwd: tempDir() });
        if (r.stderr.includes(`unknown option -${name}`)) unknown.push(argv.slice(0, -1).join(' '));
      }
    }
    expect(unknown).toEqual([]);
  });
});
