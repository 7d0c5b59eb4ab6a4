// list, export and import at sizes where holding everything would cost memory: output goes out in
// chunks as it is read, input is read in chunks as it is written, and the results are the same.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli.js';
import { fileLines } from '../../src/util/read-lines.js';
import { isolatedEnv, tempDir } from '../helpers.js';

const N = 3000;
const CHUNK = 64 * 1024;

/** Runs the CLI in-process and keeps every stdout write apart, to see how output was cut. */
async function run(env: Record<string, string>, cwd: string, ...argv: string[]) {
  const writes: string[] = [];
  let stderr = '';
  const code = await runCli(argv, {
    env,
    cwd,
    stdout: (t) => writes.push(t),
    stderr: (t) => (stderr += t),
    readStdin: async () => '',
  });
  return { code, stderr, writes, stdout: writes.join('') };
}

function setup() {
  const dir = tempDir();
  const env = isolatedEnv(dir);
  const cwd = join(dir, 'work');
  mkdirSync(cwd);
  return { dir, env, cwd };
}

/** N facts, with Cyrillic text and dates one minute apart (so "newest first" is well defined). */
function factsFile(dir: string, n = N, extra = ''): string {
  const lines = Array.from({ length: n }, (_, i) =>
    JSON.stringify({
      id: `fact${String(i).padStart(8, '0')}`,
      version: 1,
      text: `факт номер ${i}: the build cache of service ${i % 97} is cleared on deploy`,
      kind: 'note',
      scope: 'global',
      created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      host: 'gen',
    }),
  );
  const file = join(dir, 'facts.jsonl');
  writeFileSync(file, lines.join('\n') + '\n' + extra);
  return file;
}

function expectChunked(writes: string[]): void {
  expect(writes.length).toBeGreaterThan(1);
  for (const w of writes) expect(w.length).toBeLessThan(CHUNK + 4096);
}

describe('streaming list, export and import', () => {
  it(`export of ${N} facts is written in chunks as it is read, and round-trips through import`, async () => {
    const { dir, env, cwd } = setup();
    const imported = await run(env, cwd, 'import', factsFile(dir));
    expect(imported.stderr).toBe('');
    expect(imported.stdout).toBe(`imported ${N} fact versions\n`);
    const exported = await run(env, cwd, 'export', '--all-versions');
    expect(exported.code).toBe(0);
    expectChunked(exported.writes);
    const lines = exported.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(N);
    expect(new Set(lines.map((l) => JSON.parse(l).id)).size).toBe(N);

    const copy = { ...env, MEMCUE_DB: join(dir, 'copy.db') };
    const dump = join(dir, 'dump.jsonl');
    writeFileSync(dump, exported.stdout);
    expect((await run(copy, cwd, 'import', dump)).stdout).toBe(`imported ${N} fact versions\n`);
    expect((await run(copy, cwd, 'export', '--all-versions')).stdout).toBe(exported.stdout);
    expect((await run(copy, cwd, 'import', dump)).stdout).toBe(`imported 0 fact versions, ${N} already present\n`);
  });

  it('list prints in chunks, newest first; --limit gives the first lines of the full list', async () => {
    const { dir, env, cwd } = setup();
    await run(env, cwd, 'import', factsFile(dir));
    const all = await run(env, cwd, 'list', '--in', 'all', '--all'); // whole also to a pipe (not a terminal here)
    expectChunked(all.writes);
    const lines = all.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(N);
    expect(lines[0]).toContain(`fact${String(N - 1).padStart(8, '0')}`);
    const limited = await run(env, cwd, 'list', '--in', 'all', '--limit', '5');
    expect(limited.stdout.trimEnd().split('\n')).toEqual(lines.slice(0, 5));

    const json = await run(env, cwd, 'list', '--in', 'all', '--json');
    expectChunked(json.writes);
    const parsed = JSON.parse(json.stdout);
    expect(parsed).toHaveLength(N);
    expect(parsed[0].id).toBe(`fact${String(N - 1).padStart(8, '0')}`);
    // The same text as one JSON.stringify of the whole array.
    expect(json.stdout).toBe(`${JSON.stringify(parsed, null, 2)}\n`);
    const few = await run(env, cwd, 'list', '--in', 'all', '--json', '--limit', '2');
    expect(few.stdout).toBe(`${JSON.stringify(parsed.slice(0, 2), null, 2)}\n`);
    const none = await run({ ...env, MEMCUE_DB: join(dir, 'none.db') }, cwd, 'list', '--json');
    expect(none.stdout).toBe('[]\n');
  });

  it('a bad last line of a large file imports nothing; a row repeated in the input is refused by line', async () => {
    const { dir, env, cwd } = setup();
    const bad = await run(env, cwd, 'import', factsFile(dir, N, '{"text": 42}\n'));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(new RegExp(`line ${N + 1}: .*nothing was imported`));
    expect((await run(env, cwd, 'export')).stdout).toBe('');

    const file = factsFile(dir, 10);
    const repeated = `${file}.twice`;
    const text = readFileSync(file, 'utf8');
    writeFileSync(repeated, text + text.split('\n')[3] + '\n');
    const twice = await run(env, cwd, 'import', repeated);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toMatch(/line 11: version 1 of fact fact00000003 .* appears twice/);
    expect((await run(env, cwd, 'export')).stdout).toBe('');
  });

  it('a file is read in chunks: lines, CRLF and UTF-8 characters cut between chunks come out whole', () => {
    const dir = tempDir();
    const file = join(dir, 'lines.txt');
    const lines = ['ёлка ✓ first', '', 'второй\tline', '{"text":"日本語のテキスト"}', 'last without newline'];
    writeFileSync(file, `\uFEFF${lines.slice(0, 2).join('\r\n')}\r\n${lines.slice(2).join('\n')}`);
    for (const size of [1, 2, 3, 5, 7, 64, 4096]) expect([...fileLines(file, size)]).toEqual(lines);
  });
});
