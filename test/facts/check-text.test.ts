// Every field on every path that stores a fact is checked for secrets: add (text, quote, source, scope),
// import (every field), dream apply (new texts, translations, the reason of a forget), migrate (apply's
// quote, --raw's paragraphs). The refusal names the field and the rule, never echoes the secret, and
// says what to do; --allow-secret (where the command has it) still stores it. Sync: test/sync/secrets.test.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRowSecrets, findRowSecret, secretError, withoutSecretRows } from '../../src/facts/check-text.js';
import type { Fact } from '../../src/facts/facts.js';
import { cli, isolatedEnv, tempDir } from '../helpers.js';

// Fake tokens assembled from pieces, so this file holds nothing a scanner takes for a real one.
const GITLAB = 'glpat-' + 'Fk3xQ9mZ2pL7vR8tW1yN';
const NPM = 'npm_' + 'Q7xK2m9PL4rT8wZb3Nc6Vd1Hs5Jf0Gy2Ak4E';
const PASSWORD_URL = 'postgres://app:' + 'Zq8rT2vX9k' + '@db.internal/app';

function setup() {
  const dir = tempDir();
  const env = isolatedEnv(dir);
  const cwd = join(dir, 'work');
  mkdirSync(cwd);
  const run = (argv: string[], stdin?: string) => cli(argv, { env, cwd, stdin });
  const exportAll = async () => (await run(['export', '--all-versions'])).stdout;
  return { dir, run, exportAll };
}

/** A refusal: exit 1, one line naming the field and the rule, the secret not echoed, nothing stored. */
async function expectRefused(r: { code: number; stderr: string }, field: string, rule: string, secret: string): Promise<void> {
  expect(r.code).toBe(1);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toContain(`refusing to store ${field}: it looks like`);
  expect(r.stderr).toContain(`(rule ${rule})`);
  expect(r.stderr).toContain('store where the secret lives');
  expect(r.stderr).not.toContain(secret);
}

describe('add checks every field it stores', () => {
  it.each([
    ['--quote', ['--quote', `the token is ${GITLAB}`], 'quote', 'gitlab-token', GITLAB],
    ['--source', ['--source', PASSWORD_URL], 'source', 'url-password', 'Zq8rT2vX9k'],
    ['--scope', ['--scope', `repo:${NPM}`], 'scope', 'npm-token', NPM],
  ])('refuses a secret in %s', async (_name, args, field, rule, secret) => {
    const { run, exportAll } = setup();
    await expectRefused(await run(['add', ...args, 'the CI token lives in the team vault']), field, rule, secret);
    expect(await exportAll()).toBe('');
  });

  it('names the fact text and says --allow-secret overrides', async () => {
    const { run } = setup();
    const r = await run(['add', `deploy with ${GITLAB}`]);
    await expectRefused(r, 'fact text', 'gitlab-token', GITLAB);
    expect(r.stderr).toContain('--allow-secret if it is not one');
  });

  it('--allow-secret stores the quote anyway', async () => {
    const { run, exportAll } = setup();
    expect((await run(['add', '--allow-secret', '--quote', `the token is ${GITLAB}`, 'the CI token'])).code).toBe(0);
    expect(await exportAll()).toContain(GITLAB);
  });
});

describe('import checks every field of every line', () => {
  it.each([
    ['translation', { text: 'the CI token lives in the vault', translation: `токен ${GITLAB}` }, 'translation', 'gitlab-token', GITLAB],
    ['quote', { text: 'the CI token lives in the vault', quote: `export NPM_TOKEN=${NPM}` }, 'quote', 'npm-token', NPM],
    ['source', { text: 'the db is postgres', source: PASSWORD_URL }, 'source', 'url-password', 'Zq8rT2vX9k'],
  ])('refuses a secret in %s, names the line and imports nothing', async (_name, row, field, rule, secret) => {
    const { run, exportAll } = setup();
    const r = await run(['import', '-'], `{"text":"a good line"}\n${JSON.stringify(row)}\n`);
    await expectRefused(r, field, rule, secret);
    expect(r.stderr).toContain('line 2:');
    expect(await exportAll()).toBe('');
  });

  it('imports them with --allow-secret', async () => {
    const { run, exportAll } = setup();
    const r = await run(['import', '--allow-secret', '-'], JSON.stringify({ text: 'the CI token', quote: GITLAB }) + '\n');
    expect(r.code).toBe(0);
    expect(await exportAll()).toContain(GITLAB);
  });
});

describe('dream apply checks what it writes', () => {
  async function batchWithFacts() {
    const s = setup();
    const add = async (text: string) => (await s.run(['add', '--scope', 'global', text])).stdout.trim();
    const a = await add('the staging deploy needs VPN access');
    const b = await add('CI runs on ubuntu-24.04 runners');
    const out = (await s.run(['dream'])).stdout;
    const batch = JSON.parse(/```json\n([\s\S]*?)```/.exec(out)![1]!).batch as string;
    const apply = (decisions: unknown[]) => s.run(['dream', 'apply', '-'], JSON.stringify({ batch, decisions }));
    return { ...s, a, b, apply };
  }

  it('refuses a secret in the reason of a forget (stored as the quote)', async () => {
    const { a, apply, exportAll } = await batchWithFacts();
    const r = await apply([{ action: 'forget', id: a, reason: `replaced by ${GITLAB}` }]);
    await expectRefused(r, 'reason', 'gitlab-token', GITLAB);
    expect(r.stderr).toContain('item 1 (forget)');
    expect(await exportAll()).not.toContain('forgotten');
  });

  it('refuses a secret in a translation', async () => {
    const { b, apply } = await batchWithFacts();
    await expectRefused(await apply([{ action: 'translate', id: b, translation: `CI: ${NPM}` }]), 'translation', 'npm-token', NPM);
  });
});

describe('migrate checks what it writes', () => {
  function notes() {
    const s = setup();
    const folder = join(s.dir, 'notes');
    mkdirSync(folder);
    writeFileSync(join(folder, 'deploy.md'), `Staging is deployed with make deploy-stg.\n\nThe registry token is ${NPM}\n`);
    return { ...s, folder };
  }

  it('apply refuses a secret in a quote', async () => {
    const { run, folder, exportAll } = notes();
    const payload = JSON.parse(/```json\n([\s\S]*?)```/.exec((await run(['migrate', '--from', 'dir', folder])).stdout)![1]!);
    const note = payload.notes[0].note as string;
    const fact = { note, text: 'Staging is deployed with make deploy-stg', kind: 'env', scope: 'global', quote: `make deploy-stg with ${GITLAB}` };
    const r = await run(['migrate', 'apply', '-'], JSON.stringify({ batch: payload.batch, facts: [fact] }));
    await expectRefused(r, 'quote', 'gitlab-token', GITLAB);
    expect(await exportAll()).toBe('');
  });

  it('the batch shows the model no secret, and --raw leaves the paragraph out', async () => {
    const { run, folder, exportAll } = notes();
    expect((await run(['migrate', '--from', 'dir', folder])).stdout).not.toContain(NPM);
    const r = await run(['migrate', '--from', 'dir', folder, '--raw', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ added: 1, secrets_skipped: 1 });
    expect(await exportAll()).not.toContain(NPM);
  });
});

describe('the row checks', () => {
  const row = (fields: Partial<Fact>): Fact => ({
    id: 'abcdefgh12345678', version: 1, text: 'the CI token lives in the vault', translation: '', kind: 'note', scope: 'global',
    source: '', quote: '', created_at: '2026-12-01T00:00:00.000Z', host: 'alpha', state: 'active', ...fields,
  });

  it('finds the first field holding a secret and names its rule', () => {
    expect(findRowSecret(row({}))).toBeUndefined();
    expect(findRowSecret(row({ quote: GITLAB }))).toEqual({ field: 'quote', rule: 'gitlab-token', label: 'a GitLab token' });
    expect(findRowSecret(row({ host: NPM }))).toMatchObject({ field: 'host', rule: 'npm-token' });
    // ids and dates are not free text: a random id is not a secret.
    expect(findRowSecret(row({ id: 'q7xk2m9pl4rt8wzb3nc6' }))).toBeUndefined();
  });

  it('refuses or allows, and splits rows from elsewhere into kept and refused', () => {
    expect(() => checkRowSecrets(row({ translation: GITLAB }))).toThrow(/refusing to store translation: it looks like a GitLab token \(rule gitlab-token\)/);
    expect(checkRowSecrets(row({ translation: GITLAB }), { allowSecret: true }).translation).toBe(GITLAB);
    const { rows, refused } = withoutSecretRows([row({}), row({ id: 'zzzzzzzz', version: 3, source: PASSWORD_URL })]);
    expect(rows).toHaveLength(1);
    expect(refused).toEqual([{ id: 'zzzzzzzz', version: 3, host: 'alpha', field: 'source', rule: 'url-password', label: 'a URL with an embedded password' }]);
  });

  it('an error says what to do and how to override, never the secret', () => {
    const err = secretError({ field: 'quote', rule: 'npm-token', label: 'an npm token' }, '--allow-secret');
    expect(err.code).toBe('SECRET');
    expect(err.message).toBe('refusing to store quote: it looks like an npm token (rule npm-token)');
    expect(err.hint).toMatch(/^store where the secret lives .*; --allow-secret if it is not one$/);
  });
});
