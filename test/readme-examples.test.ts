// The examples of the README and docs/, run for real: each `$ memcue …` line of a checked section runs
// in a shell with the compiled binary on PATH, in a fresh memory, and its output must be what the page
// shows (ids, dates, times, scores and sizes aside, which differ per run). A command shown without
// output is run but its output is not compared.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { locomoDir, LOCOMO_TUNE } from '../bench/quality-sets.js';
import { BINARY, isolatedEnv, ROOT, runProcess, tempDir } from './helpers.js';

const pages = new Map<string, string>();
const page = (file: string) => pages.get(file) ?? pages.set(file, readFileSync(join(ROOT, file), 'utf8')).get(file)!;

/** The console blocks of one `## heading` section of a page: [command, the output lines the page shows]. */
function examples(file: string, heading: string): [string, string[]][] {
  const text = page(file);
  const start = text.indexOf(`\n${heading}\n`);
  expect(start, `${file}: ${heading}`).toBeGreaterThan(0);
  const section = text.slice(start + heading.length + 2, text.indexOf('\n#', start + heading.length + 2));
  const steps: [string, string[]][] = [];
  for (const block of section.matchAll(/```console\n([\s\S]*?)```/g)) {
    for (const line of block[1]!.trimEnd().split('\n')) {
      if (line.startsWith('$ ')) steps.push([line.slice(2), []]);
      else steps[steps.length - 1]![1].push(line);
    }
  }
  return steps;
}

/** What differs between runs: ids (and their 8-character short form), dates, times, scores, sizes. */
function normal(text: string): string {
  return text
    .replace(/\b[0-9a-z]{20}\b/g, '<id>')
    .replace(/\[[0-9a-z]{8} /g, '[<id> ')
    .replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g, '<time>')
    .replace(/\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?/g, '<date>')
    .replace(/("score": |"bytes": )[\d.]+/g, '$1<n>');
}

/** Runs the steps in one memory; documented ids in a command (or prefixes of them) become the real ones. */
function runSteps(steps: [string, string[]][], cwd = tempDir()): string[] {
  // The documented examples were run on a machine called laptop.
  const env = { ...isolatedEnv(), MEMCUE_HOST: 'laptop', PATH: `${dirname(BINARY)}:${process.env.PATH}` };
  const ids = new Map<string, string>(); // documented id → real id
  const wrong: string[] = [];
  for (const [command, shown] of steps) {
    let real = command;
    for (const [doc, actual] of ids) real = real.replace(new RegExp(`\\b${doc.slice(0, 4)}[0-9a-z]*\\b`, 'g'), (p) => actual.slice(0, p.length));
    const r = runProcess('sh', ['-c', real], { env, cwd });
    if (r.code !== 0) wrong.push(`$ ${command}\n  exit ${r.code}: ${r.stderr}`);
    const out = r.stdout.trimEnd();
    if (!shown.length) continue;
    const docIds = shown.join('\n').match(/\b[0-9a-z]{20}\b/g) ?? [];
    const realIds = out.match(/\b[0-9a-z]{20}\b/g) ?? [];
    docIds.forEach((id, i) => realIds[i] && ids.set(id, realIds[i]!));
    if (normal(out) !== normal(shown.join('\n'))) wrong.push(`$ ${command}\n--- documented\n${shown.join('\n')}\n--- real\n${out}`);
  }
  return wrong;
}

// POSIX shell lines: Linux and macOS.
describe.skipIf(!existsSync(BINARY) || process.platform === 'win32')('documented examples, run for real', () => {
  it('README: first steps', () => {
    const steps = examples('README.md', '## First steps');
    expect(steps.length).toBeGreaterThan(4);
    expect(runSteps(steps)).toEqual([]);
  });

  it('docs/commands.md: add, search, show, edit, forget, list, stats, export, import', () => {
    const steps = ['### add', '### search', '### show, edit, forget', '### list, stats', '### export, import'].flatMap((h) => examples('docs/commands.md', h));
    expect(steps.length).toBeGreaterThan(10);
    expect(runSteps(steps)).toEqual([]);
  });

  it('docs/agents.md: doctor, the database line', () => {
    const [command, shown] = examples('docs/agents.md', '## memcue doctor')[0]!;
    const env = isolatedEnv();
    for (let i = 0; i < 4; i++) runProcess(BINARY, ['add', `fact number ${i}`], { env });
    const real = runProcess(BINARY, command.split(' ').slice(1), { env }).stdout;
    const line = (text: string) => /^database .*$/m.exec(text)![0].replace(/ \/\S+: /, ' <path>: ').replace(/\d+ bytes/, '<n> bytes');
    expect(line(shown.join('\n'))).toBe(line(real));
  });

  it('eval: the XQuAD-ru table (the set is in test/fixtures)', () => {
    const cwd = tempDir();
    for (const [file, name] of [['facts', 'xquad_ru_facts'], ['queries', 'xquad_ru_queries']]) {
      writeFileSync(join(cwd, `${name}.jsonl`), gunzipSync(readFileSync(join(ROOT, 'test', 'fixtures', 'xquad-ru', `${file}.jsonl.gz`))));
    }
    const steps = examples('docs/commands.md', '### eval: measure search quality').filter(([c]) => c.includes('xquad'));
    expect(steps).toHaveLength(1);
    expect(runSteps(steps, cwd)).toEqual([]);
  });

  const locomo = locomoDir();
  if (!locomo) console.log('skipped: the docs/commands.md conv-26 eval table (LoCoMo is CC BY-NC, not in the repository; set MEMCUE_SHARED_DATA to check it)');
  it.skipIf(!locomo)('eval: the LoCoMo conv-26 table', () => {
    const cwd = tempDir();
    const rows = (file: string) => readFileSync(join(locomo!, file), 'utf8').split('\n').filter((l) => l.includes('"conv-26"'));
    expect(LOCOMO_TUNE).toContain('conv-26');
    writeFileSync(join(cwd, 'conv-26.jsonl'), rows('locomo_facts.jsonl').join('\n'));
    writeFileSync(join(cwd, 'conv-26-questions.jsonl'), rows('locomo_queries.jsonl').join('\n'));
    execFileSync('cp', [join(locomo!, 'locomo_qrels.tsv'), cwd]);
    const steps = examples('docs/commands.md', '### eval: measure search quality').filter(([c]) => c.includes('conv-26'));
    expect(steps).toHaveLength(1);
    expect(runSteps(steps, cwd)).toEqual([]);
  });
});
