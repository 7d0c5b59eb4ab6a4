import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARD_LIMIT, composeCard, ENTRY_ROOM, type CardEntry } from '../../src/hooks/card.js';
import { INSTRUCTION } from '../../src/install/instruction.js';
import { cli, isolatedEnv } from '../helpers.js';
import { repoDir } from './fixtures.js';

function entry(i: number, over: Partial<CardEntry> = {}): CardEntry {
  const day = String(1 + (i % 28)).padStart(2, '0');
  const month = String(1 + Math.floor(i / 28) % 12).padStart(2, '0');
  return {
    id: `id${String(i).padStart(6, '0')}xxxxxxxxxxxx`,
    kind: 'rule',
    scope: 'global',
    text: `Rule number ${i}: always do the thing number ${i} before the other thing`,
    created_at: `20${20 + Math.floor(i / 336)}-${month}-${day}T00:00:00.000Z`,
    ...over,
  };
}

/** Newest first, as loadCardEntries returns them. */
function newestFirst(entries: CardEntry[]): CardEntry[] {
  return [...entries].sort((a, b) => b.created_at.localeCompare(a.created_at));
}

describe('composeCard', () => {
  it('says so when nothing is recorded', () => {
    const card = composeCard(undefined, [], []);
    expect(card.text).toBe(`${INSTRUCTION}\n(none recorded yet)\n`);
    expect(card.left_out).toBe(0);
  });

  it('gives 500 rules the entries\' room, whatever the budget, and says how to find the rest', () => {
    const global = newestFirst(Array.from({ length: 500 }, (_, i) => entry(i)));
    const card = composeCard(undefined, global, []);
    const entries = card.text.slice(card.text.indexOf('## Global rules\n')).split('\n').filter((l) => l.startsWith('- '));
    expect(entries).toHaveLength(card.global.length);
    expect(entries.join('\n').length + 1).toBeLessThanOrEqual(ENTRY_ROOM);
    expect(entries.join('\n').length + 1).toBeGreaterThan(ENTRY_ROOM - 100);
    expect(card.global).toEqual(global.slice(0, card.global.length));
    const last = card.text.trimEnd().split('\n').at(-1)!;
    expect(last).toBe(`${card.left_out} more left out to keep this card short (${card.left_out} global rules): find them with \`memcue search WORDS --kind rule\`.`);
    expect(card.more).toEqual(['memcue search WORDS --kind rule']);
  });

  it('caps 500 rules at 9,000 characters when the room is bigger, keeps the newest, and says how to find the rest', () => {
    const global = newestFirst(Array.from({ length: 500 }, (_, i) => entry(i)));
    const card = composeCard(undefined, global, [], { entryRoom: Infinity });
    expect(card.text.length).toBeLessThanOrEqual(CARD_LIMIT);
    expect(card.text.length).toBeGreaterThan(CARD_LIMIT - 200); // the room is used, not wasted
    expect(card.global.length + card.left_out).toBe(500);
    expect(card.global[0]).toBe(global[0]);
    // Newest first; past the first rule that does not fit, only shorter (older) ones fill the room left.
    const skipped = global.findIndex((r) => !card.global.includes(r));
    expect(card.global.slice(0, skipped)).toEqual(global.slice(0, skipped));
    for (const r of card.global.slice(skipped)) expect(r.text.length).toBeLessThan(global[skipped]!.text.length);
    const last = card.text.trimEnd().split('\n').at(-1)!;
    expect(last).toBe(`${card.left_out} more left out to keep this card short (${card.left_out} global rules): find them with \`memcue search WORDS --kind rule\`.`);
  });

  it('names both kinds when a repository card is cut', () => {
    const repo = newestFirst(Array.from({ length: 300 }, (_, i) => entry(i, { scope: 'repo:github.com/a/b', kind: i % 2 ? 'rule' : 'decision' })));
    const card = composeCard('github.com/a/b', [], repo);
    expect(card.text.length).toBeLessThanOrEqual(CARD_LIMIT);
    expect(card.more).toEqual(['memcue search WORDS --kind rule', 'memcue search WORDS --kind decision']);
    expect(card.left_out_repo).toBe(card.left_out);
    expect(card.text).toContain('## Rules and decisions of github.com/a/b\n- rule: Rule number 299');
    expect(card.text).toContain('\n- decision: Rule number 298');
  });

  it('skips a long fact that no longer fits and fills the room with shorter ones', () => {
    const short = newestFirst(Array.from({ length: 500 }, (_, i) => entry(i)));
    // The long fact comes where short ones still fit (about 70 do beside the instruction).
    const long = { ...short[60]!, id: 'longxxxxxxxxxxxxxxxx', text: 'x'.repeat(1990) };
    const card = composeCard(undefined, [...short.slice(0, 60), long, ...short.slice(60)], [], { entryRoom: Infinity });
    expect(card.text.length).toBeLessThanOrEqual(CARD_LIMIT);
    expect(card.text.length).toBeGreaterThan(CARD_LIMIT - 200);
    expect(card.global).not.toContainEqual(long);
    expect(card.global.length).toBeGreaterThan(60);
    expect(card.left_out).toBe(501 - card.global.length);
  });
});

describe('memcue card', () => {
  it('shows global rules and this repo\'s rules and decisions, nothing else', async () => {
    const env = isolatedEnv();
    const repo = repoDir();
    const other = repoDir('https://github.com/acme/other');
    const add = async (cwd: string, ...args: string[]) => (await cli(['add', ...args], { env, cwd })).stdout.trim();
    await add(repo, '--kind', 'rule', '--scope', 'global', 'Никогда не деплоить в прод в пятницу');
    await add(repo, '--kind', 'rule', 'Run make check before every commit');
    await add(repo, '--kind', 'decision', 'Postgres 16 for logical replication');
    await add(repo, '--kind', 'gotcha', 'api-gw times out after 30 s on uploads');
    await add(repo, '--kind', 'note', '--scope', 'global', 'a global note, not a rule');
    await add(other, '--kind', 'rule', 'Rule of another repository');
    const forgotten = await add(repo, '--kind', 'rule', 'A rule that was forgotten');
    await cli(['forget', forgotten], { env, cwd: repo });

    const { stdout, code } = await cli(['card'], { env, cwd: repo });
    expect(code).toBe(0);
    expect(stdout.startsWith(INSTRUCTION)).toBe(true);
    // This repository's rules and decisions first, then the global rules (issue 33, item 3).
    expect(stdout).toMatch(/## Rules and decisions of github.com\/acme\/app\n- decision: Postgres 16 .*\n- rule: Run make check .*\n\n## Global rules\n/);
    expect(stdout).toMatch(/## Global rules\n- Никогда не деплоить в прод в пятницу \[[0-9a-z]{8} \d{4}-\d\d-\d\d\]\n$/);
    for (const absent of ['api-gw', 'global note', 'another repository', 'forgotten']) expect(stdout).not.toContain(absent);

    const json = JSON.parse((await cli(['card', '--json'], { env, cwd: repo })).stdout);
    expect(json).toMatchObject({ repo: 'github.com/acme/app', left_out: 0, more: [], instruction: INSTRUCTION, text: stdout, chars: stdout.length });
    expect(json.global.map((e: CardEntry) => e.kind)).toEqual(['rule']);
    expect(json.repo_facts.map((e: CardEntry) => e.kind)).toEqual(['decision', 'rule']);
  });

  it('outside a repository shows the global rules only', async () => {
    const env = isolatedEnv();
    await cli(['add', '--kind', 'rule', 'Answer in Russian'], { env });
    const { stdout } = await cli(['card'], { env });
    expect(stdout).toContain('## Global rules\n- Answer in Russian');
    expect(stdout).not.toContain('Rules and decisions of');
  });

  it('is served from its cache until the database changes, then made again', async () => {
    const env = isolatedEnv();
    const repo = repoDir();
    await cli(['add', '--kind', 'rule', 'first rule'], { env, cwd: repo });
    const first = (await cli(['card'], { env, cwd: repo })).stdout;
    const cards = join(env.XDG_CACHE_HOME!, 'memcue', 'cards');
    expect(readdirSync(cards)).toHaveLength(1);
    expect((await cli(['card'], { env, cwd: repo })).stdout).toBe(first);

    const id = (await cli(['add', '--kind', 'rule', 'second rule'], { env, cwd: repo })).stdout.trim();
    expect((await cli(['card'], { env, cwd: repo })).stdout).toContain('second rule');
    await cli(['edit', id, 'second rule, edited'], { env, cwd: repo });
    expect((await cli(['card'], { env, cwd: repo })).stdout).toContain('second rule, edited');
    await cli(['forget', id], { env, cwd: repo });
    expect((await cli(['card'], { env, cwd: repo })).stdout).toBe(first);

    // A damaged cache file is ignored, not trusted.
    for (const file of readdirSync(cards)) writeFileSync(join(cards, file), '{"fingerprint": 1, "card": ');
    expect((await cli(['card'], { env, cwd: repo })).stdout).toBe(first);
  });
});
