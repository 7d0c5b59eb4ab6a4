// The card at scale (issue 33): a memory of 10k facts with 400 global rules, all newer than this
// repository's own rules and decisions, once gave a card of global rules only. The repository's
// section keeps its share, the global rules fill the rest newest first, and the last line says how
// many of each were left out and how to find them, which is run here. Issue 32: the card stays small
// at any size, and names a `list` only when the listing is short (agents listed every rule it named).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARD_LIMIT, composeCard, ENTRY_ROOM, REPO_SHARE, type CardEntry } from '../../src/hooks/card.js';
import { openLiveIndex } from '../../src/snapshot/files.js';
import { newId } from '../../src/facts/facts.js';
import { cli, isolatedEnv, tempDir } from '../helpers.js';
import { repoDir } from './fixtures.js';

const REPO = 'github.com/acme/app';
/** What the card may cost at any size of memory (issue 32: ~4-5k characters). */
const CARD_TARGET = 4800;

function at(minute: number): string {
  return new Date(Date.UTC(2026, 0, 1) + minute * 60_000).toISOString();
}

function row(text: string, kind: string, scope: string, minute: number) {
  return { id: newId(), version: 1, text, translation: '', kind, scope, source: '', quote: '', created_at: at(minute), host: 'testhost', state: 'active' };
}

/** 10,000 facts: 400 global rules (the newest), 60 of this repo's rules and decisions (older), the rest notes and other repos' rules. */
function bigMemory(): string[] {
  const lines: ReturnType<typeof row>[] = [];
  for (let i = 0; i < 60; i++) lines.push(row(`App rule ${i}: run make check-${i} before pushing the app`, i % 3 ? 'rule' : 'decision', `repo:${REPO}`, 1000 + i));
  for (let i = 0; i < 400; i++) lines.push(row(`Global rule ${i}: always review the step ${i} of a release`, 'rule', 'global', 100_000 + i));
  for (let i = 0; lines.length < 10_000; i++) {
    const other = i % 4 === 0;
    lines.push(row(other ? `Other team rule ${i}` : `Note ${i}: the build ${i} took long on the runner`, other ? 'rule' : 'note', other ? 'repo:github.com/acme/other' : `repo:${REPO}`, 2000 + i));
  }
  return lines.map((l) => JSON.stringify(l));
}

describe('the card of a big memory', () => {
  it('stays small, keeps this repository\'s rules and decisions beside 400 newer global rules, and its search finds every one left out', async () => {
    const env = isolatedEnv();
    const repo = repoDir();
    const file = join(tempDir(), 'big.jsonl');
    writeFileSync(file, bigMemory().join('\n'));
    expect((await cli(['import', file], { env })).code).toBe(0);

    const card = JSON.parse((await cli(['card', '--json'], { env, cwd: repo })).stdout);
    // Every session pays for the card: at 10k facts it is no bigger than at 100 (issue 32: 9,953
    // characters at 2,280 facts, and a listing of every rule the footer named).
    expect(card.chars).toBeLessThanOrEqual(CARD_TARGET);
    expect(card.text).toContain(`## Rules and decisions of ${REPO}\n`);
    // This repository's section comes first, above the global rules (issue 33, item 3).
    expect(card.text.indexOf(`## Rules and decisions of ${REPO}\n`)).toBeLessThan(card.text.indexOf('## Global rules\n'));
    // The repository's newest first, and at least its share of the room (each line is ~85 characters).
    expect(card.repo_facts[0].text).toBe('App rule 59: run make check-59 before pushing the app');
    expect(card.repo_facts.length).toBeGreaterThanOrEqual(Math.floor((ENTRY_ROOM * REPO_SHARE) / 90));
    expect(card.global.length).toBeGreaterThan(3);
    expect(card.global[0].text).toBe('Global rule 399: always review the step 399 of a release');
    expect(card.text).not.toContain('Other team rule');
    expect(card.left_out_repo).toBe(60 - card.repo_facts.length);
    expect(card.left_out_global).toBe(400 - card.global.length);
    // 460 candidates: no listing of them is short, so the card points to the search only.
    const last = card.text.trimEnd().split('\n').at(-1);
    expect(last).toBe(
      `${card.left_out} more left out to keep this card short (${card.left_out_repo} of ${REPO}'s rules and decisions, ` +
        `${card.left_out_global} global rules): find them with \`memcue search WORDS --kind rule\` (or \`--kind decision\`).`,
    );
    expect(card.more).toEqual(['memcue search WORDS --kind rule', 'memcue search WORDS --kind decision']);
    expect(card.text).not.toContain('memcue list');

    // The named search, run in the repository with a left-out entry's words, finds it: every one of them.
    const shown = new Set([...card.global, ...card.repo_facts].map((e: CardEntry) => e.id));
    const every = (await cli(['list', '--in', 'all', '--all', '--json'], { env })).stdout;
    const candidates = (JSON.parse(every) as CardEntry[]).filter((f) => f.scope === 'global' ? f.kind === 'rule' : f.scope === `repo:${REPO}` && f.kind !== 'note');
    expect(candidates).toHaveLength(460);
    const leftOut = candidates.filter((f) => !shown.has(f.id));
    expect(leftOut).toHaveLength(card.left_out);
    await cli(['search', 'release'], { env, cwd: repo }); // writes the search file the searches below read
    for (const f of leftOut) {
      const command = (card.more as string[]).find((c) => c.endsWith(`--kind ${f.kind}`))!;
      const argv = command.split(' ').slice(1).flatMap((w) => (w === 'WORDS' ? f.text.split(' ') : [w]));
      const r = await cli(argv, { env, cwd: repo });
      expect(r.code).toBe(0);
      expect(r.stdout.split('\n').map((l) => l.split(' ')[0]), f.text).toContain(f.id);
    }

    // The search file's card (snapshot/card-entries.ts) counts each side as SQLite does.
    const fresh = { ...env, XDG_CACHE_HOME: join(tempDir(), 'cache') };
    expect(openLiveIndex(env.MEMCUE_DB!)).toBeDefined();
    expect((await cli(['card'], { env: fresh, cwd: repo })).stdout).toBe(card.text);
  }, 120_000);

  it('names the exact listing when it is short, and it lists every entry left out', async () => {
    const env = isolatedEnv();
    const repo = repoDir();
    // 20 of this repository's rules and decisions and 6 global rules, long enough not to fit the room.
    const long = (i: number) => `long enough to take a good part of the card's room, and more words so that it does: ${'x'.repeat(100 + i)}`;
    const lines = [
      ...Array.from({ length: 20 }, (_, i) => row(`App rule ${i}: ${long(i)}`, i % 2 ? 'rule' : 'decision', `repo:${REPO}`, 10 + i)),
      ...Array.from({ length: 6 }, (_, i) => row(`Global rule ${i}: ${long(i)}`, 'rule', 'global', 100 + i)),
      row('Note: a note is no card entry', 'note', `repo:${REPO}`, 200),
    ];
    const file = join(tempDir(), 'few.jsonl');
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n'));
    expect((await cli(['import', file], { env })).code).toBe(0);
    const card = JSON.parse((await cli(['card', '--json'], { env, cwd: repo })).stdout);
    expect(card.left_out_repo).toBeGreaterThan(0);
    const list = [`memcue list --kind rule --in ${REPO}`, `memcue list --kind decision --in ${REPO}`];
    expect(card.more).toEqual(['memcue search WORDS --kind rule', 'memcue search WORDS --kind decision', ...list]);
    expect(card.text.trimEnd().split('\n').at(-1)).toContain(` All of them: \`${list[0]}\` and \`${list[1]}\`.`);
    const listed = new Set<string>();
    for (const command of list) {
      const r = await cli(command.split(' ').slice(1), { env, cwd: tempDir() });
      expect(r.code).toBe(0);
      expect(r.stderr).toBe(''); // whole: no "more" line
      for (const line of r.stdout.trim().split('\n')) listed.add(line.split(' ')[0]!);
    }
    const shown = new Set([...card.global, ...card.repo_facts].map((e: CardEntry) => e.id));
    const candidates = lines.filter((l) => l.kind !== 'note');
    expect(candidates.filter((f) => !shown.has(f.id))).toHaveLength(card.left_out);
    for (const f of candidates) if (!shown.has(f.id)) expect(listed.has(f.id)).toBe(true);
  });
});

describe('composeCard: the repository\'s share', () => {
  const entry = (i: number, scope: string, kind = 'rule'): CardEntry => ({
    id: `id${String(i).padStart(6, '0')}xxxxxxxxxxxx`,
    kind,
    scope,
    text: `Entry ${i}: a line of about sixty characters for the card test`,
    created_at: at(i),
  });

  it('gives the repository at least its share when newer global rules would fill the card', () => {
    const repo = Array.from({ length: 300 }, (_, i) => entry(299 - i, `repo:${REPO}`));
    const global = Array.from({ length: 300 }, (_, i) => entry(10_000 - i, 'global'));
    const card = composeCard(REPO, global, repo, { entryRoom: Infinity });
    expect(card.text.length).toBeLessThanOrEqual(CARD_LIMIT);
    const repoChars = card.repo_facts.length * 80;
    const globalChars = card.global.length * 71;
    expect(repoChars / (repoChars + globalChars)).toBeGreaterThan(REPO_SHARE - 0.05);
    expect(card.global.length).toBeGreaterThan(0);
    expect(card.repo_facts).toEqual(repo.slice(0, card.repo_facts.length)); // newest first
    expect(card.global).toEqual(global.slice(0, card.global.length));
    expect(card.left_out).toBe(600 - card.repo_facts.length - card.global.length);
  });

  it('lets the global rules use the room a small repository leaves, and the other way round', () => {
    const global = Array.from({ length: 300 }, (_, i) => entry(10_000 - i, 'global'));
    const few = composeCard(REPO, global, [entry(1, `repo:${REPO}`)], { entryRoom: Infinity });
    expect(few.repo_facts).toHaveLength(1);
    expect(few.text.length).toBeGreaterThan(CARD_LIMIT - 200);
    const repo = Array.from({ length: 300 }, (_, i) => entry(299 - i, `repo:${REPO}`));
    const fewGlobal = composeCard(REPO, [entry(10_000, 'global')], repo, { entryRoom: Infinity });
    expect(fewGlobal.global).toHaveLength(1);
    expect(fewGlobal.text.length).toBeGreaterThan(CARD_LIMIT - 250);
    expect(fewGlobal.left_out_global).toBe(0);
    expect(fewGlobal.more).toEqual(['memcue search WORDS --kind rule', 'memcue search WORDS --kind decision']);
  });

  it('quotes a repository id the shell would split or expand', () => {
    const repo = Array.from({ length: 20 }, (_, i) => entry(19 - i, "repo:local:it's"));
    const card = composeCard("local:it's", [], repo, { entryRoom: 500 }); // a short listing: named
    expect(card.left_out_repo).toBeGreaterThan(0);
    expect(card.more[2]).toBe(`memcue list --kind rule --in 'local:it'\\''s'`);
  });
});
