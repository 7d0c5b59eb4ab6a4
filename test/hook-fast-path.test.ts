// The fast path of `memcue hook <agent> <event>` and `memcue card` (issue 14): a cached card is
// served without the CLI, SQLite or node:crypto loaded, byte for byte what the CLI prints, and a
// card the database has moved past is never served.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Io } from '../src/context.js';
import { runFastPath } from '../src/hook-fast-path.js';
import { VERSION } from '../src/version.js';
import { BINARY, BUNDLE, cli, isolatedEnv, ROOT, runProcess, tempDir } from './helpers.js';
import { repoDir } from './hooks/fixtures.js';

/** Runs the fast path in this process; undefined: it left the command to the CLI. */
async function fast(argv: string[], env: Record<string, string>, cwd: string, stdin = '', db?: string): Promise<{ code: number; stdout: string } | undefined> {
  let stdout = '';
  const io: Io = { env, cwd, stdout: (t) => (stdout += t), stderr: (t) => (stdout += t), readStdin: async () => stdin };
  const code = await runFastPath(argv, io, db);
  return code === undefined ? undefined : { code, stdout };
}

describe('memcue card without the CLI', () => {
  it('serves the cached card only while the database is unchanged', async () => {
    const env = isolatedEnv();
    const repo = repoDir();
    await cli(['add', '--kind', 'rule', 'first rule'], { env, cwd: repo });
    expect(await fast(['card'], env, repo)).toBeUndefined(); // nothing cached yet: the CLI makes it
    const made = await cli(['card'], { env, cwd: repo });
    expect(await fast(['card'], env, repo)).toEqual({ code: 0, stdout: made.stdout });

    await cli(['add', '--kind', 'rule', 'second rule'], { env, cwd: repo });
    expect(await fast(['card'], env, repo)).toBeUndefined(); // stale: never served
    const remade = await cli(['card'], { env, cwd: repo });
    expect(remade.stdout).toContain('second rule');
    expect(await fast(['card'], env, repo)).toEqual({ code: 0, stdout: remade.stdout });
  });

  it('leaves every other form to the CLI', async () => {
    const env = isolatedEnv();
    const repo = repoDir();
    await cli(['add', '--kind', 'rule', 'a rule'], { env, cwd: repo });
    await cli(['card'], { env, cwd: repo });
    for (const argv of [['card', '--json'], ['card', 'extra'], ['hook', 'claude', '--x'], ['search', 'rule']]) {
      expect(await fast(argv, env, repo)).toBeUndefined();
    }
  });

  it('serves the card of the database --db names, as the CLI would', async () => {
    const env = isolatedEnv();
    const repo = repoDir();
    const db = join(tempDir(), 'other.db');
    await cli(['--db', db, 'add', '--kind', 'rule', 'a rule of the other database'], { env, cwd: repo });
    const made = await cli(['card', '--db', db], { env, cwd: repo });
    expect(made.stdout).toContain('a rule of the other database');
    expect(await fast(['card'], env, repo)).toBeUndefined(); // the default database has no card
    expect(await fast(['card'], env, repo, '', db)).toEqual({ code: 0, stdout: made.stdout });
  });
});

describe('memcue hook without the CLI', () => {
  it('prints what the CLI prints, from SQLite and then from the cache', async () => {
    const env = isolatedEnv();
    const repo = repoDir();
    await cli(['add', '--kind', 'decision', 'Postgres 16 for logical replication'], { env, cwd: repo });
    const stdin = JSON.stringify({ session_id: 's', cwd: repo, hook_event_name: 'SessionStart' });
    const viaCli = await cli(['hook', 'codex', 'session-start'], { env, stdin });
    expect(viaCli.stdout).toContain('Postgres 16');
    for (let i = 0; i < 2; i++) expect(await fast(['hook', 'codex', 'session-start'], env, tempDir(), stdin)).toEqual({ code: 0, stdout: viaCli.stdout });
  });
});

// The ways in: the compiled binary, and the npm launcher under Node, which runs it.
const entries: [string, string[], string][] = [
  ['the compiled binary', [BINARY], BINARY],
  ['the npm launcher under Node', [process.execPath, BUNDLE], BINARY],
];
describe.each(entries)('the fast path in %s', (_name, command, built) => {
  it.skipIf(!existsSync(built))('prints the card the CLI makes, then the cached one, and a new one after a write', async () => {
    const env = isolatedEnv();
    const repo = repoDir();
    const run = (args: string[], stdin?: string) => runProcess(command[0]!, [...command.slice(1), ...args], { env, cwd: repo, stdin });
    expect(run(['add', '--kind', 'rule', 'first rule']).code).toBe(0);
    const made = run(['card']);
    expect(made).toEqual({ code: 0, stdout: expect.stringContaining('first rule'), stderr: '' });
    expect(run(['card'])).toEqual(made);
    const stdin = JSON.stringify({ session_id: 's', cwd: repo, hook_event_name: 'SessionStart' });
    const hooked = run(['hook', 'claude', 'session-start'], stdin);
    expect(JSON.parse(hooked.stdout)).toEqual({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: expect.stringContaining('first rule') } });
    expect(run(['hook', 'claude', 'session-start'], stdin)).toEqual(hooked);
    run(['add', '--kind', 'rule', 'second rule']);
    expect(run(['card']).stdout).toContain('second rule');
    expect(run(['hook', 'claude', 'session-start'], stdin).stdout).toContain('second rule');
    // The global --db before or after the command: the same card, by the same path.
    const db = ['--db', env.MEMCUE_DB!];
    expect(run([...db, 'card'])).toEqual(run(['card']));
    expect(run(['card', ...db])).toEqual(run(['card']));
    expect(run([...db, 'hook', 'claude', 'session-start'], stdin)).toEqual(run(['hook', 'claude', 'session-start'], stdin));
    expect(run(['--version'])).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
  }, 60_000);
});

/**
 * The chunks the compiled binary loads for a cached card: the entry's, the fast path's and the hook
 * command's, with everything they import statically. Built as scripts/build-bin.ts splits it.
 */
function cachedCardInputs(): { sources: Set<string>; builtins: Set<string> } {
  const out = tempDir();
  const bun = join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'bun.exe' : 'bun');
  const built = runProcess(bun, ['build', join(ROOT, 'src', 'bin-entry.ts'), '--target=bun', '--format=esm', '--splitting', '--outdir', out, `--metafile=${join(out, 'meta.json')}`], { cwd: ROOT });
  expect(built.code, built.stderr).toBe(0);
  type Output = { entryPoint?: string; inputs: Record<string, unknown>; imports: { path: string; kind: string }[] };
  const meta = JSON.parse(readFileSync(join(out, 'meta.json'), 'utf8')) as {
    inputs: Record<string, { imports: { path: string; external?: boolean }[] }>;
    outputs: Record<string, Output>;
  };
  const byPath = new Map(Object.entries(meta.outputs).map(([path, o]) => [path.replace(/^\.\//, ''), o]));
  const entry = [...byPath].find(([, o]) => o.entryPoint === 'src/bin-entry.ts')!;
  const loaded = new Set<string>();
  const load = (path: string, output: Output) => {
    if (loaded.has(path)) return;
    loaded.add(path);
    for (const i of output.imports) {
      const target = i.path.replace(/^\.\//, '');
      const next = byPath.get(target);
      const onPath = i.kind === 'import-statement' || ['src/hook-fast-path.ts', 'src/commands/hook.ts'].includes(next?.entryPoint ?? '');
      if (next && onPath) load(target, next);
    }
  };
  load(...entry);
  const sources = new Set([...loaded].flatMap((path) => Object.keys(byPath.get(path)!.inputs)));
  const builtins = new Set([...sources].flatMap((s) => (meta.inputs[s]?.imports ?? []).filter((i) => i.external).map((i) => i.path.replace(/^node:/, ''))));
  return { sources, builtins };
}

describe('what a cached card loads', () => {
  it('is the card cache and the repository lookup, not the CLI, SQLite, node:crypto or the bundled assets', () => {
    const { sources, builtins } = cachedCardInputs();
    for (const needed of ['src/hook-fast-path.ts', 'src/commands/hook.ts', 'src/hooks/card-cache.ts', 'src/repo/identity.ts']) expect(sources).toContain(needed);
    const heavy = [...sources].filter((s) => /commander|^src\/cli|^src\/store\/(store|sqlite|facts)\.ts|^wasm\/sqlite3\.mjs|embedded-assets/.test(s));
    expect(heavy).toEqual([]);
    // Importing node:crypto alone costs Bun ~2.4 ms, a quarter of a cached hook.
    expect(builtins).not.toContain('crypto');
  }, 60_000);
});
