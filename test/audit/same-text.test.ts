// "Already known" (add) and "already present" (import of plain lines) must find a fact whatever the
// case or Unicode form it was written in: the lookup goes through the FTS index (or the search file
// describing it, test/snapshot/file-candidates.test.ts), whose terms are made
// from the text as written (issue 19, item 11).
import { copyFileSync, existsSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINARY, isolatedEnv, startProcess, tempDir, workspace } from '../helpers.js';

function setup() {
  const { env, run } = workspace();
  return Object.assign(run, { db: env.MEMCUE_DB! });
}

const LINES = '{"text":"the API listens on 8443"}\n{"text":"the API listens on 8443"}\n{"text":"the API listens on 8443","scope":"machine:box"}\n';

const NFD = (s: string) => s.normalize('NFD');
// Each pair says the same once whitespace, case and Unicode form are set aside (normalizeText).
const SAME: [string, string][] = [
  ['the API listens on 8443', 'The api listens on 8443'],
  ['Open PRs are reviewed by two people', 'open prs are reviewed by two people'],
  ['open prs are reviewed by two people', 'Open PRs are reviewed by two people'],
  ['Restart the VMs after patching', 'restart the vms  after patching'],
  ['мой ключ лежит в vault', NFD('мой ключ лежит в vault')],
  [NFD('ёлка стоит в углу'), 'ёлка стоит в углу'],
  ['район сбора логов: майонез', NFD('Район сбора логов: майонез')],
  [NFD('Йод хранится в шкафу'), 'йод хранится в шкафу'],
  ['Café opens at 8', NFD('CAFÉ opens at 8')],
];

describe('a text said again in another case or Unicode form', () => {
  it.each(SAME)('import of a plain line: "%s" then "%s" is already present', async (first, second) => {
    const run = setup();
    await run(['import', '-'], `${JSON.stringify({ text: first })}\n`);
    expect((await run(['import', '-'], `${JSON.stringify({ text: second })}\n`)).stdout).toBe('imported 0 fact versions, 1 already present\n');
    expect(JSON.parse((await run(['list', '--json', '--in', 'all'])).stdout)).toHaveLength(1);
  });

  it.each(SAME)('add: "%s" then "%s" is already known', async (first, second) => {
    const run = setup();
    const id = (await run(['add', first])).stdout.trim();
    const again = await run(['add', second]);
    expect(again.stdout + again.stderr).toContain(id);
    expect(JSON.parse((await run(['list', '--json', '--in', 'all'])).stdout)).toHaveLength(1);
  });
});

// What else could hide a first import from the second (issue 19): each is ruled out here.
describe('the lookup reads SQLite inside the write, nothing older', () => {
  it.skipIf(!existsSync(BINARY))('four imports of the same lines at once (the compiled binary) add each fact once', async () => {
    const run = setup();
    const file = join(tempDir(), 'facts.jsonl');
    writeFileSync(file, LINES);
    const env = { ...isolatedEnv(), MEMCUE_DB: run.db };
    const outputs = await Promise.all(
      Array.from({ length: 4 }, () => {
        const child = startProcess(BINARY, ['import', file], { env, cwd: tempDir() });
        let out = '';
        child.stdout.on('data', (chunk) => (out += chunk));
        child.stderr.on('data', (chunk) => (out += chunk));
        return new Promise<string>((resolve) => child.on('close', () => resolve(out)));
      }),
    );
    expect(outputs.sort()).toEqual([
      'imported 0 fact versions, 3 already present\n',
      'imported 0 fact versions, 3 already present\n',
      'imported 0 fact versions, 3 already present\n',
      'imported 2 fact versions, 1 already present\n',
    ]);
    expect(JSON.parse((await run(['list', '--json', '--in', 'all'])).stdout).map((f: { scope: string }) => f.scope).sort()).toEqual(['global', 'machine:box']);
  });

  it('a search file and delta from before the first import, with the old mtime put back, do not hide it', async () => {
    const run = setup();
    await run(['add', 'something else entirely']);
    await run(['search', 'something']); // builds <db>.search
    const saved = ['.search', '.search-delta'].filter((ext) => existsSync(run.db + ext));
    expect(saved).toContain('.search');
    for (const ext of saved) copyFileSync(run.db + ext, `${run.db}${ext}.old`);
    const before = statSync(run.db);
    expect((await run(['import', '-'], LINES)).stdout).toBe('imported 2 fact versions, 1 already present\n');
    for (const ext of saved) copyFileSync(`${run.db}${ext}.old`, run.db + ext);
    utimesSync(run.db, before.atime, before.mtime);
    expect((await run(['import', '-'], LINES)).stdout).toBe('imported 0 fact versions, 3 already present\n');
    expect(JSON.parse((await run(['list', '--json', '--in', 'all'])).stdout)).toHaveLength(3);
  });
});
