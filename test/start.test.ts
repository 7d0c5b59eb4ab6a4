// The way in (src/start.ts) routes a command line before commander is loaded: the global --db may
// stand anywhere, and the route must not change with it (`memcue --db F search …` once compiled
// SQLite, which a search from the search file never uses, and cost 9× a hello world instead of 5.5×).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commandLine, opensDatabase } from '../src/start.js';
import { BINARY, isolatedEnv, runProcess, tempDir } from './helpers.js';

describe('the way in', () => {
  it('finds the command past the global --db, wherever it stands', () => {
    const same = { words: ['search', 'deploy', '-n', '3'], db: 'f.db' };
    expect(commandLine(['--db', 'f.db', 'search', 'deploy', '-n', '3'])).toEqual(same);
    expect(commandLine(['search', '--db', 'f.db', 'deploy', '-n', '3'])).toEqual(same);
    expect(commandLine(['search', 'deploy', '-n', '3', '--db=f.db'])).toEqual(same);
    expect(commandLine(['-db', 'f.db', 'search', 'deploy', '-n', '3'])).toEqual(same);
    expect(commandLine(['-db=f.db', 'search', 'deploy', '-n', '3'])).toEqual(same);
  });

  it('leaves words after -- and a --db without a value as they are', () => {
    expect(commandLine(['search', '--', '--db', 'x'])).toEqual({ words: ['search', '--', '--db', 'x'], db: undefined });
    expect(commandLine(['card', '--db'])).toEqual({ words: ['card', '--db'], db: undefined });
  });

  it('compiles SQLite early for the commands that open the database, not for a search', () => {
    expect(opensDatabase(commandLine(['--db', 'f.db', 'search', 'deploy']))).toBe(false);
    expect(opensDatabase(commandLine(['--db', 'f.db', 'card']))).toBe(false);
    expect(opensDatabase(commandLine(['--db', 'f.db', 'add', 'a fact']))).toBe(true);
    expect(opensDatabase(commandLine(['add', '--help']))).toBe(false);
    expect(opensDatabase(commandLine([]))).toBe(false);
  });
});

describe('the compiled program', () => {
  // The store does not import the search file it keeps current: cli.ts and the add fast path register
  // the delta's writer with it.
  it("keeps the search file current across an add (a delta, not a rebuild), by the fast path and the CLI's", () => {
    const env = isolatedEnv();
    const run = (...argv: string[]) => runProcess(BINARY, argv, { env, cwd: tempDir() });
    const db = env.MEMCUE_DB!;
    const staging = run('add', 'The staging password rotates monthly').stdout.trim();
    expect(run('search', 'staging').stdout).toContain('rotates monthly');
    const built = statSync(`${db}.search`).mtimeMs;
    expect(run('add', 'Tokens live in the vault').code).toBe(0); // the add fast path
    expect(existsSync(`${db}.search-delta`)).toBe(true);
    const delta = readFileSync(`${db}.search-delta`);
    expect(run('forget', staging).code).toBe(0); // commander's way
    expect(readFileSync(`${db}.search-delta`).equals(delta)).toBe(false);
    expect(run('search', 'vault').stdout).toContain('Tokens live in the vault');
    expect(run('search', 'staging').stdout).not.toContain('rotates monthly');
    expect(statSync(`${db}.search`).mtimeMs).toBe(built);
  });
});

