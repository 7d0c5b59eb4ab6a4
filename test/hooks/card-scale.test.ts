// The card at scale (issue 33): a memory of 10k facts with 400 global rules, all newer than this
// repository's own rules and decisions, once gave a card of global rules only. The repository's
// section keeps its share, the global rules fill the rest newest first, and the last line says how
// many of each were left out with commands that list them, which are run here.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARD_LIMIT, composeCard, REPO_SHARE, type CardEntry } from '../../src/hooks/card.js';
import { openLiveIndex } from '../../src/snapshot/files.js';
import { newId } from '../../src/facts/facts.js';
import { cli, isolatedEnv, tempDir } from '../helpers.js';
import { repoDir } from './fixtures.js';

const REPO = 'github.com/acme/app';

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
  it('keeps this repository\'s rules and decisions beside 400 newer global rules, and the listing commands work', async () => {
    const env = isolatedEnv();
    const repo = repoDir();
    const file = join(tempDir(), 'big.jsonl');
    writeFileSync(file, bigMemory().join('\n'));
    expect((await cli(['import', file], { env })).code).toBe(0);

    const card = JSON.parse((await cli(['card', '--json'], { env, cwd: repo })).stdout);
    expect(card.chars).toBeLessThanOrEqual(CARD_LIMIT);
    expect(card.text).toContain(`## Rules and decisions of ${REPO}\n`);
    // This repository's section comes first, above the global rules (issue 33, item 3).
    expect(card.text.indexOf(`## Rules and decisions of ${REPO}\n`)).toBeLessThan(card.text.indexOf('## Global rules\n'));
    // The repository's newest first, and at least its share of the room (each line is ~70 characters).
    expect(card.repo_facts[0].text).toBe('App rule 59: run make check-59 before pushing the app');
    expect(card.repo_facts.length).toBeGreaterThan(40);
    expect(card.global.length).toBeGreaterThan(20);
    expect(card.global[0].text).toBe('Global rule 399: always review the step 399 of a release');
    expect(card.text).not.toContain('Other team rule');
    expect(card.left_out_repo).toBe(60 - card.repo_facts.length);
    expect(card.left_out_global).toBe(400 - card.global.length);
    const last = card.text.trimEnd().split('\n').at(-1);
    expect(last).toBe(
      `${card.left_out} more left out to keep this card short: ${card.left_out_repo} of ${REPO}'s rules and decisions ` +
        `(\`memcue list --kind rule --in ${REPO}\` and \`memcue list --kind decision --in ${REPO}\`), ` +
        `${card.left_out_global} global rules (\`memcue list --kind rule --in global\`).`,
    );

    // The printed commands, run from another folder, list every entry the card left out.
    const listed = new Set<string>();
    for (const command of card.more as string[]) {
      const argv = command.split(' ').slice(1);
      const r = await cli(argv, { env, cwd: tempDir() });
      expect(r.code).toBe(0);
      for (const line of r.stdout.trim().split('\n')) listed.add(line.split(' ')[0]!);
    }
    expect(card.more).toHaveLength(3);
    const shown = new Set([...card.global, ...card.repo_facts].map((e: CardEntry) => e.id));
    const every = (await cli(['list', '--in', 'all', '--json'], { env })).stdout;
    const candidates = (JSON.parse(every) as CardEntry[]).filter((f) => f.scope === 'global' ? f.kind === 'rule' : f.scope === `repo:${REPO}` && f.kind !== 'note');
    expect(candidates).toHaveLength(460);
    for (const f of candidates) if (!shown.has(f.id)) expect(listed.has(f.id)).toBe(true);

    // The search file's card (snapshot/card-entries.ts) counts each side as SQLite does.
    await cli(['search', 'release'], { env, cwd: repo });
    const fresh = { ...env, XDG_CACHE_HOME: join(tempDir(), 'cache') };
    expect(openLiveIndex(env.MEMCUE_DB!)).toBeDefined();
    expect((await cli(['card'], { env: fresh, cwd: repo })).stdout).toBe(card.text);
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
    const card = composeCard(REPO, global, repo);
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
    const few = composeCard(REPO, global, [entry(1, `repo:${REPO}`)]);
    expect(few.repo_facts).toHaveLength(1);
    expect(few.text.length).toBeGreaterThan(CARD_LIMIT - 200);
    const repo = Array.from({ length: 300 }, (_, i) => entry(299 - i, `repo:${REPO}`));
    const fewGlobal = composeCard(REPO, [entry(10_000, 'global')], repo);
    expect(fewGlobal.global).toHaveLength(1);
    expect(fewGlobal.text.length).toBeGreaterThan(CARD_LIMIT - 250);
    expect(fewGlobal.left_out_global).toBe(0);
    expect(fewGlobal.more).toEqual([`memcue list --kind rule --in ${REPO}`, `memcue list --kind decision --in ${REPO}`]);
  });

  it('quotes a repository id the shell would split or expand', () => {
    const repo = Array.from({ length: 300 }, (_, i) => entry(299 - i, "repo:local:it's"));
    const card = composeCard("local:it's", [], repo);
    expect(card.more[0]).toBe(`memcue list --kind rule --in 'local:it'\\''s'`);
  });
});
