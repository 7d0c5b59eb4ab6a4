// The way in (src/start.ts) routes a command line before commander is loaded: the global --db may
// stand anywhere, and the route must not change with it (`memcue --db F search …` once compiled
// SQLite, which a search from the search file never uses, and cost 9× a hello world instead of 5.5×).
import { describe, expect, it } from 'vitest';
import { commandLine, opensDatabase } from '../src/start.js';

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
