// The `file` condition (bench/e2e/memory-file.ts): one MEMORY.md per project where Claude Code keeps
// it, holding only what was learned in that project; a session loads its first 200 lines / 25 KB.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { learnedIn, loadedPart, MAX_BYTES, placeMemory, placeProjects, projectDirName, renderMemory } from '../../bench/e2e/memory-file.js';
import { loadSet, type SetFact } from '../../bench/e2e/set.js';
import { tempDir, TINY } from './kit.js';

const fact = (id: string, text: string, kind: SetFact['kind'] = 'note', date?: string): SetFact => ({ id, text, kind, scope: 'global', lang: 'en', date, learnedIn: 'x', origin: 'memory' });

describe('MEMORY.md', () => {
  it('is kept under the project path Claude Code encodes', () => {
    expect(projectDirName('/tmp/memcue-e2e/t1.file.1/work')).toBe('-tmp-memcue-e2e-t1-file-1-work');
  });

  it('has a topic header per kind, in the order topics came up, one bullet per fact in the order learned', () => {
    const text = renderMemory([fact('a', 'later rule', 'rule', '2025-03-01'), fact('b', 'first gotcha\nwrapped', 'gotcha', '2025-01-01'), fact('c', 'early rule', 'rule', '2025-02-01')]);
    expect(text).toBe('# Memory\n\n## Gotchas\n- first gotcha wrapped\n\n## Rules\n- early rule\n- later rule\n');
  });

  it('loads its first 200 lines, says the rest is cut and where the whole file is', () => {
    const content = Array.from({ length: 250 }, (_, i) => `- fact ${i + 1}`).join('\n') + '\n';
    const loaded = loadedPart(content, '/h/MEMORY.md');
    expect(loaded.loadedLines).toBe(200);
    expect(loaded.text).toContain('- fact 200\n');
    expect(loaded.text).not.toContain('- fact 201');
    expect(loaded.text).toMatch(/WARNING: MEMORY.md is 250 lines .* only the first 200 lines were loaded. The whole file: \/h\/MEMORY.md/);
    const short = loadedPart('# Memory\n- one\n', '/h/MEMORY.md');
    expect(short.text).toBe('# Memory\n- one\n');
  });

  it('loads at most 25 KB of whole lines when 200 lines are longer', () => {
    const line = `- ${'я'.repeat(300)}`; // 602 bytes in UTF-8
    const loaded = loadedPart(Array.from({ length: 100 }, () => line).join('\n'), '/h/MEMORY.md');
    expect(loaded.loadedLines).toBe(Math.floor(MAX_BYTES / (Buffer.byteLength(line) + 1)));
    expect(Buffer.byteLength(loaded.text.split('\n> WARNING')[0]!)).toBeLessThanOrEqual(MAX_BYTES);
  });

  it("holds this project's facts and what was learned here, never other projects' facts", () => {
    const set = loadSet(TINY);
    const home = tempDir();
    const ops = placeMemory(home, '/src/ops', learnedIn(set.facts, 'ops', set.repos));
    const text = readFileSync(ops.path, 'utf8');
    expect(ops.path).toBe(join(home, '.claude', 'projects', '-src-ops', 'memory', 'MEMORY.md'));
    expect(text).toContain('deploy-02.acme.internal');
    expect(text).not.toContain('Cron-задачи'); // a global rule, but learned in billing-ui
    expect(text).not.toContain('pnpm'); // billing-ui's own
    expect(text).not.toContain('Commit messages'); // global, learned in notes-api
    const notes = readFileSync(placeMemory(home, '/src/notes-api', learnedIn(set.facts, 'notes-api', set.repos)).path, 'utf8');
    expect(notes).toContain('Commit messages in English'); // global, learned here
    expect(notes).toContain('404 for a missing note'); // a distractor line scoped to this repo
    expect(notes).not.toContain('deploy-02');
  });

  it("keeps the other projects' MEMORY.md files in HOME, as on the user's machine, and loads only this one's", () => {
    const set = loadSet(TINY);
    const home = tempDir();
    const loaded = placeProjects(home, '/src/ops', 'ops', set.facts, set.repos);
    expect(loaded.text).not.toContain('/var/log/acme');
    const other = (name: string) => readFileSync(join(home, '.claude', 'projects', projectDirName(join(home, 'src', name)), 'memory', 'MEMORY.md'), 'utf8');
    expect(other('billing-ui')).toContain('Cron-задачи на наших серверах'); // learned there
    expect(other('billing-ui')).toContain('pnpm 9');
    expect(other('notes-api')).toContain('Commit messages in English');
    expect(other('notes-api')).not.toContain('deploy-02');
  });

  it('at scale, grows past 200 lines: the loaded part loses facts the file still has', () => {
    const set = loadSet(TINY);
    const facts = learnedIn([...set.facts, ...set.scale], 'notes-api', set.repos);
    const loaded = placeMemory(tempDir(), '/src/notes-api', facts);
    const file = readFileSync(loaded.path, 'utf8');
    expect(file.split('\n').length).toBeGreaterThan(250);
    expect(file).toContain('Run python3 -m unittest');
    expect(loaded.loadedLines).toBe(200);
    expect(loaded.text).not.toContain('Run python3 -m unittest');
    expect(file).not.toContain('billing-ui widget'); // scale facts of another project
  });
});
