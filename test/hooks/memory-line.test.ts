// The card over a memory that has facts but no rules or decisions (issue 23): it says how many facts
// there are and that search finds them, never "(none recorded yet)", and which languages to search in.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, isolatedEnv, tempDir } from '../helpers.js';

function setup(extra: Record<string, string> = {}) {
  const dir = tempDir();
  const env = { ...isolatedEnv(dir), ...extra };
  const cwd = join(dir, 'work');
  mkdirSync(cwd);
  return (argv: string[], more: Record<string, string> = {}) => cli(argv, { env: { ...env, ...more }, cwd });
}

describe("the card's memory line", () => {
  it('a memory of notes only: how many facts, searched not listed, in its one language', async () => {
    const run = setup();
    for (const text of ['Caroline went to a support group on Monday', 'Melanie paints sunsets', 'Melanie ran a charity race']) await run(['add', text]);
    const card = (await run(['card'])).stdout;
    expect(card).not.toContain('none recorded yet');
    expect(card).toContain('The memory holds 3 facts in English; they are not listed here: `memcue search` finds them. Search in English.');
  });

  it('a memory of two languages says a search may find in the other what it missed in one', async () => {
    // Read from the search file, and from SQLite in a memory that has none.
    for (const run of [setup(), setup({ MEMCUE_SEARCH_FILE: '0' })]) {
      await run(['add', 'Redis on staging listens on port 6380']);
      await run(['add', 'Деплой только по вторникам']);
      const card = (await run(['card'])).stdout;
      expect(card).toContain('The memory holds 2 facts in English and Russian; they are not listed here');
      // Only tech names cross scripts (RESULTS 40: `docker image tag` missed a Russian fact).
      expect(card).toContain('A fact is found by the words of its own language, tech names aside: search with the key terms in both languages at once.');
    }
  });

  it('the languages setting wins over what the facts show, and an empty memory says it is empty', async () => {
    const run = setup({ MEMCUE_LANGUAGES: 'en,ru' });
    expect((await run(['card'])).stdout).toContain('(The memory is empty: nothing recorded yet.)');
    await run(['add', 'Redis on staging listens on port 6380']);
    expect((await run(['card'])).stdout).toContain('The memory holds 1 fact in English and Russian; it is not listed here: `memcue search` finds it.');
  });
});
