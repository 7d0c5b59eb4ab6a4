// Cold start of the compiled binary per command, against a Bun-compiled hello world built in the
// same run: what memcue adds on top of starting Bun at all.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { interleaved, timeProcess, timingCells, type Timing } from './measure.js';

/** Builds the baseline with the flags a plain Bun user would use; `use` gets its path. */
export function withHelloWorld<T>(use: (hello: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'memcue-hello-'));
  try {
    writeFileSync(join(dir, 'hello.ts'), 'console.log("hello");\n');
    const hello = join(dir, 'hello');
    const built = spawnSync(process.execPath, ['build', join(dir, 'hello.ts'), '--compile', '--minify', '--bytecode', '--outfile', hello]);
    if (built.status !== 0) throw new Error(`could not build the hello-world baseline: ${built.stderr}`);
    return use(hello);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Rows of [label, cpu ms, wall ms, cpu vs hello, wall vs hello]; the first row is the hello world. */
export function measureAgainstHello(hello: string, env: NodeJS.ProcessEnv, commands: [string, () => Timing][], runs: number): string[][] {
  const all: [string, () => Timing][] = [['hello world', () => timeProcess(hello, [], env)], ...commands];
  const cells = timingCells(interleaved(all.map(([, run]) => run), runs));
  return all.map(([label], i) => [label, ...cells[i]!]);
}

/**
 * The floor under an add (bench/labs/add-floor.ts, built here with the binary's flags): SQLite's WASM
 * compiled; then the database opened; then one fact inserted, no more. What memcue's add costs above
 * the last row is memcue's own.
 */
function floorRows(db: string, scratch: string, env: NodeJS.ProcessEnv): [string, () => Timing][] {
  const floor = join(scratch, 'add-floor');
  const built = spawnSync(process.execPath, [fileURLToPath(new URL('labs/add-floor.ts', import.meta.url)), 'build', floor], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`could not build bench/labs/add-floor.ts: ${built.stderr}`);
  const copy = join(scratch, 'floor.db');
  copyFileSync(db, copy);
  return (['compile', 'open', 'insert'] as const).map((step) => [`floor: ${step}`, () => timeProcess(floor, [step, copy], env)]);
}

export function startupRows(binary: string, env: NodeJS.ProcessEnv, db: string, queries: string[], runs: number): string[][] {
  return withHelloWorld((hello) => {
    const hasCard = /^\s+card\b/m.test(spawnSync(binary, ['--help'], { env, encoding: 'utf8' }).stdout);
    const scratch = mkdtempSync(join(tmpdir(), 'memcue-first-'));
    try {
      let fresh = 0;
      // Every search row runs the same queries in the same order: rows that drew from one shared
      // counter got different queries each, and a row's figure then said more about its queries.
      const sequence = () => {
        let i = 0;
        return () => queries[i++ % queries.length]!.split(' ');
      };
      const searchRow = (args: (words: string[]) => string[], rowEnv = env) => {
        const next = sequence();
        return () => timeProcess(binary, args(next()), rowEnv);
      };
      // A write on a copy each run: the searched database stays as it is. A copied file is one memcue
      // has not seen, so its first write checks its integrity (quick_check), and its search file
      // (kept current by every add, made by any search) is not current for it: an untimed add and an
      // untimed search come first, and the timed one is an everyday add.
      const onCopy = (args: string[]) => () => {
        const copy = join(scratch, `copy-${fresh++}.db`);
        copyFileSync(db, copy);
        spawnSync(binary, ['add', 'warm-up fact for the copy'], { env: { ...env, MEMCUE_DB: copy } });
        spawnSync(binary, ['search', 'warm-up'], { env: { ...env, MEMCUE_DB: copy } });
        return timeProcess(binary, args, { ...env, MEMCUE_DB: copy });
      };
      return measureAgainstHello(hello, env, [
        ['memcue --version', () => timeProcess(binary, ['--version'], env)],
        ['memcue search', searchRow((words) => ['search', ...words])],
        // The global option before or after the command: both take the search's own path (src/start.ts).
        ['memcue --db F search', searchRow((words) => ['--db', db, 'search', ...words])],
        ['memcue search --db F', searchRow((words) => ['search', ...words, '--db', db])],
        // --json and -n before the command are moved behind it (src/global-options.ts): the same path again.
        ['memcue search --json -n 3', searchRow((words) => ['search', ...words, '--json', '-n', '3'])],
        ['memcue --json search', searchRow((words) => ['--json', 'search', ...words])],
        ['memcue -n 3 search', searchRow((words) => ['-n', '3', 'search', ...words])],
        // The first search after an add: the search file plus the add's delta.
        ['memcue search (after an add)', (() => {
          const next = sequence();
          return () => {
            const copy = join(scratch, `delta-${fresh++}.db`);
            copyFileSync(db, copy);
            const copyEnv = { ...env, MEMCUE_DB: copy };
            spawnSync(binary, ['search', 'warm-up'], { env: copyEnv });
            spawnSync(binary, ['add', 'a fact added just before the search'], { env: copyEnv });
            return timeProcess(binary, ['search', ...next()], copyEnv);
          };
        })()],
        // Without the search file (src/snapshot): SQLite starts and FTS5 answers, as after a write by another program.
        ['memcue search (SQLite)', searchRow((words) => ['search', ...words], { ...env, MEMCUE_SEARCH_FILE: '0' })],
        ...(hasCard ? [['memcue card', () => timeProcess(binary, ['card'], env)] as [string, () => Timing]] : []),
        ['memcue add', onCopy(['add', 'benchmark fact about deploy latency'])],
        // The first add ever: no database yet, so the file and its schema are made.
        ['memcue add (new db)', () => timeProcess(binary, ['add', 'a first fact'], { ...env, MEMCUE_DB: join(scratch, `new-${fresh++}.db`) })],
        ...floorRows(db, scratch, env),
      ], runs);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
}
