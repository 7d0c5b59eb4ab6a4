// The detector against two lists, one string a line: realistic fake secrets (every format of issue 11's
// misses and of the gitleaks / detect-secrets rule sets, bodies from a seeded generator, so none is a real
// credential) and innocent look-alikes (hashes, ids, paths, URLs, base64 of words, prose about passwords).
// Prints both rates; the floors are the project's goal: ≥ 95 % caught, ≤ 2 % of look-alikes refused.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findSecret, findSecretRule } from '../../src/text/secrets.js';
import { ROOT } from '../helpers.js';

const lines = (name: string): string[] =>
  readFileSync(join(ROOT, 'test', 'fixtures', 'secrets', name), 'utf8').split('\n').filter((l) => l.trim() !== '');

const fakes = lines('fakes.txt');
const lookalikes = lines('lookalikes.txt');

const percent = (n: number, of: number): string => `${((100 * n) / of).toFixed(1)} %`;

describe('findSecret on the fixture lists', () => {
  it('has at least 100 fakes and 100 look-alikes, none in both lists', () => {
    expect(fakes.length).toBeGreaterThanOrEqual(100);
    expect(lookalikes.length).toBeGreaterThanOrEqual(100);
    expect(fakes.filter((f) => lookalikes.includes(f))).toEqual([]);
  });

  it('catches ≥ 95 % of the fakes and refuses ≤ 2 % of the look-alikes', () => {
    const missed = fakes.filter((t) => findSecret(t) === undefined);
    const refused = lookalikes.filter((t) => findSecret(t) !== undefined);
    const caught = fakes.length - missed.length;
    console.log(
      `secrets: ${caught}/${fakes.length} fakes caught (${percent(caught, fakes.length)}), ` +
        `${refused.length}/${lookalikes.length} look-alikes refused (${percent(refused.length, lookalikes.length)})`,
    );
    for (const t of missed) console.log(`  missed: ${t.slice(0, 60)}`);
    for (const t of refused) console.log(`  refused: ${findSecretRule(t)!.rule}: ${t.slice(0, 60)}`);
    expect(caught / fakes.length).toBeGreaterThanOrEqual(0.95);
    expect(refused.length / lookalikes.length).toBeLessThanOrEqual(0.02);
  });

  it('names a rule for every fake it catches', () => {
    for (const t of fakes) {
      const found = findSecretRule(t);
      if (found) expect(found.rule).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    }
  });
});
