// Index keywords (issue 15): dream asks for them where a fact has none, applies them to the
// index-only column next to the translation, and search meets a question's words through them;
// what is translated depends on the languages the memory is written in.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspace } from '../helpers.js';

function setup(extraEnv: Record<string, string> = {}) {
  const { run } = workspace(extraEnv);
  const add = async (...argv: string[]) => (await run(['add', '--scope', 'global', ...argv])).stdout.trim();
  const dream = async (...argv: string[]) => JSON.parse((await run(['dream', '--json', ...argv])).stdout);
  const apply = (answer: unknown) => run(['dream', 'apply', '-'], JSON.stringify(answer));
  const search = async (...words: string[]) => (await run(['search', ...words, '--in', 'all'])).stdout;
  return { run, add, dream, apply, search };
}

describe('index keywords', () => {
  it('an English-only memory is asked for keywords, not translations; applied keywords make a question find the fact', async () => {
    const { add, dream, apply, search, run } = setup();
    const pet = await add('Melanie adopted a guinea pig named Oscar last spring');
    const other = await add('The staging database is Postgres 16 on db-stg');
    const third = await add('Deploys run from the release branch only');
    const batch = await dream();
    expect(batch.translate).toEqual([]);
    expect(batch.keywords.map((f: { id: string }) => f.id).sort()).toEqual([pet, other, third].sort());
    expect(await search('pets', 'animal')).not.toContain(pet);
    const r = await apply({ batch: batch.batch, decisions: [{ action: 'keywords', id: pet, keywords: ['pet', 'animal', 'rodent', 'adoption'] }] });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('1 given keywords');
    expect(await search('pets', 'animal')).toContain(pet);
    const shown = (await run(['show', pet])).stdout;
    expect(shown).toContain('keywords: pet, animal, rodent, adoption');
    expect(shown).toContain('text:    Melanie adopted a guinea pig'); // the text is unchanged
    // A fact with keywords is not asked again; the others still are.
    expect((await dream()).keywords.map((f: { id: string }) => f.id).sort()).toEqual([other, third].sort());
  });

  it('a bilingual memory is asked for translations; a translation keeps earlier keywords', async () => {
    const { add, dream, apply, run } = setup();
    const ru = await add('--keywords', 'деплой, релиз, пятница', 'Никогда не деплоить в прод в пятницу');
    for (const t of ['Ночной бэкап блокирует таблицу заказов', 'Стенд staging живёт на старом кластере', 'CI runs on ubuntu runners', 'Backups run at 2 am', 'Logs live in /var/log/app']) await add(t);
    const batch = await dream();
    expect(batch.translate.find((f: { id: string }) => f.id === ru)).toMatchObject({ from: 'ru', to: 'en' });
    expect((await apply({ batch: batch.batch, decisions: [{ action: 'translate', id: ru, translation: 'Never deploy to production on a Friday' }] })).code).toBe(0);
    const shown = (await run(['show', ru])).stdout;
    expect(shown).toContain('translation: Never deploy to production on a Friday');
    expect(shown).toContain('keywords: деплой, релиз, пятница');
  });

  it('MEMCUE_LANGUAGES=en: a Russian fact is translated into English, English facts are not translated', async () => {
    const { add, dream } = setup({ MEMCUE_LANGUAGES: 'en' });
    const ru = await add('Никогда не деплоить в прод в пятницу');
    await add('CI runs on ubuntu runners');
    await add('Backups run at 2 am');
    await add('Logs live in /var/log/app');
    expect((await dream()).translate).toEqual([expect.objectContaining({ id: ru, from: 'ru', to: 'en' })]);
  });

  it('add --keywords: searchable at once, and bad lists are refused in one line', async () => {
    const { add, run, search } = setup();
    const id = await add('--keywords', 'hamster, rodent; pet', 'Oscar lives in the kids room');
    expect(await search('hamster')).toContain(id);
    const tooMany = await run(['add', '--keywords', Array.from({ length: 40 }, (_, i) => `w${i}`).join(','), 'x y z']);
    expect(tooMany.code).toBe(1);
    expect(tooMany.stderr).toMatch(/at most 30/);
    const bad = await run(['dream', '--languages', 'fr']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/unknown language "fr"/);
  });
});

describe('the index-only column', async () => {
  const { readHidden, writeHidden, withTranslation } = await import('../../src/text/hidden-index.js');
  it('holds a translation, keywords, both or neither, and reads back what it was given', () => {
    for (const value of [
      { translation: '', keywords: [] },
      { translation: 'Never deploy on Friday', keywords: [] },
      { translation: '', keywords: ['pet', 'guinea pig'] },
      { translation: 'Never deploy on Friday', keywords: ['deploy', 'release'] },
    ]) expect(readHidden(writeHidden(value))).toEqual(value);
    expect(readHidden(withTranslation(writeHidden({ translation: 'old', keywords: ['a'] }), 'new'))).toEqual({ translation: 'new', keywords: ['a'] });
    // A translation written before keywords existed reads as just a translation.
    expect(readHidden('Никогда не деплоить')).toEqual({ translation: 'Никогда не деплоить', keywords: [] });
  });
});
