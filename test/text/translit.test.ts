// Tech names across scripts (src/text/translit.ts): the letters come from @sindresorhus/transliterate,
// the sound keys decide which spellings name the same thing.
import transliterate from '@sindresorhus/transliterate';
import { describe, expect, it } from 'vitest';
import { CYRILLIC_LATIN } from '../../src/text/cyrillic-latin.js';
import { terms } from '../../src/text/tokenize.js';
import { editDistance, sameName, termKey } from '../../src/text/translit.js';

const same = (russian: string, latin: string) => sameName(termKey(terms(russian)[0]!)!, termKey(terms(latin)[0]!)!);

describe('translit', () => {
  it('spells every Russian letter as the package does (regenerate with scripts/cyrillic-latin.ts)', () => {
    for (const [letter, latin] of Object.entries(CYRILLIC_LATIN)) expect(latin, letter).toBe(transliterate(letter).toLowerCase());
    expect(Object.keys(CYRILLIC_LATIN)).toHaveLength(33);
  });

  it.each([
    ['редис', 'Redis'], ['докер', 'Docker'], ['кубер', 'Kubernetes'], ['постгрес', 'Postgres'], ['джанго', 'Django'],
    ['нжинкс', 'nginx'], ['кликхаус', 'ClickHouse'], ['эластик', 'Elasticsearch'], ['графана', 'Grafana'],
    ['гитлаб', 'GitLab'], ['джира', 'Jira'], ['локи', 'Loki'], ['мейлхог', 'MailHog'], ['дженкинс', 'Jenkins'],
    ['прометеус', 'Prometheus'], ['докера', 'Docker'], ['редисе', 'Redis'], ['вайргард', 'WireGuard'], ['страйп', 'Stripe'], ['пейджердьюти', 'PagerDuty'],
  ])('%s names %s', (russian, latin) => expect(same(russian, latin)).toBe(true));

  it.each([
    ['кот', 'cat'], ['редис', 'radius'], ['редис', 'ready'], ['джанго', 'jungle'], ['кубер', 'cube'], ['кафка', 'coffee'],
  ])('%s does not name %s', (russian, latin) => expect(same(russian, latin)).toBe(false));

  it('counts a swap of two neighbours as one edit and stops counting past the bound', () => {
    expect(editDistance('postgres', 'postgers', 2)).toBe(1);
    expect(editDistance('redis', 'radius', 2)).toBe(2);
    expect(editDistance('redis', 'kubernetes', 2)).toBe(3);
  });
});

describe('translit tables', () => {
  it('the initials table is what the keys give', async () => {
    const { keyInitials, initialsFor } = await import('../../src/text/translit.js');
    for (const [initial, letters] of Object.entries(keyInitials())) expect(initialsFor(initial).join(''), initial).toBe(letters);
  });
});
